namespace AsyncCapacity.Lab.Search;

public static class ProbeWindow
{
    /// <summary>A p95 from fewer than 20 values is the maximum or near it: k6-scripts/lib/judge.js judges no such probe.</summary>
    public const int MinRequests = 20;

    /// <summary>A throughput read at another load is only a guide.</summary>
    private const double Margin = 1.5;

    public static double Seconds(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int load)
    {
        var nearest = outcomes.Where(o => o is { Requests: > 0, Seconds: > 0 })
            .MinBy(o => Math.Abs(Math.Log(o.Concurrency) - Math.Log(load)));
        if (nearest is null)
        {
            // Nothing measured yet: a closed loop completes at most the ideal rate per client, so a window shorter than that needs
            // cannot judge the probe (sleep's 500 ms at one client: 2 req/s, 15 s for 30 requests, not the quick profile's 4).
            return policy.IdealRpsPerClient is { } ideal and > 0
                ? Math.Clamp(Math.Ceiling(MinRequests * Margin / (ideal * load)), policy.WindowSeconds, policy.MaxWindowSeconds)
                : policy.WindowSeconds;
        }

        // Below the nearest probe's load, throughput shrinks with it; above, expect it to grow with the square root only:
        // a variant past its knee (a starved pool) gains little, and a thin probe is a probe lost.
        var ratio = load / (double)nearest.Concurrency;
        var rps = nearest.Requests!.Value / nearest.Seconds!.Value * (ratio < 1 ? ratio : Math.Sqrt(ratio));
        var needed = Math.Ceiling(MinRequests * Margin / rps);
        return Math.Clamp(needed, policy.WindowSeconds, policy.MaxWindowSeconds);
    }
}
