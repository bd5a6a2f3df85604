namespace AsyncCapacity.Lab.Laws;

/// <summary>N clients in a closed loop with no think time, in seconds (Denning and Buzen, ACM Computing Surveys 10(3), 1978;
/// Lazowska et al., "Quantitative System Performance", 1984, chapters 3 and 5).</summary>
public static class OperationalLaws
{
    /// <summary>Little's law: the clients a throughput X at response time R keeps busy, N = X × R.</summary>
    public static double Clients(double rps, double responseSeconds) => rps * responseSeconds;

    /// <summary>The utilization law turned around: the service demand D = busy seconds ÷ completions (U ÷ X).</summary>
    public static double Demand(double busySeconds, long completions) =>
        completions > 0
            ? busySeconds / completions
            : throw new ArgumentOutOfRangeException(nameof(completions), "no completion to divide by");

    /// <summary>The asymptotic bound on throughput: X(N) ≤ min(N ÷ R₀, 1 ÷ D_max), D_max the busiest resource's demand.</summary>
    public static double MaxThroughput(double clients, double r0Seconds, double maxDemandSeconds) =>
        Math.Min(clients / r0Seconds, 1 / maxDemandSeconds);

    /// <summary>The asymptotic bound on the mean response time: R(N) ≥ max(R₀, N × D_max).</summary>
    public static double MinResponse(double clients, double r0Seconds, double maxDemandSeconds) =>
        Math.Max(r0Seconds, clients * maxDemandSeconds);

    /// <summary>The largest N whose bound on the mean response stays within the SLA: N × D_max ≤ SLA (0 if R₀ exceeds it).</summary>
    public static int ClientsWithinMean(double slaSeconds, double r0Seconds, double maxDemandSeconds) =>
        r0Seconds > slaSeconds ? 0 : Math.Max(1, Whole(slaSeconds / maxDemandSeconds));

    /// <summary>Shared as it serves (the CPU), response times spread about exponentially (M/M/1; Kleinrock, "Queueing Systems",
    /// vol. 1, 1975): N = SLA ÷ (ln 20 × D_max).</summary>
    public static int ClientsWithinShared(double slaSeconds, double r0Seconds, double maxDemandSeconds) =>
        r0Seconds > slaSeconds ? 0 : Math.Max(1, Whole(slaSeconds / (PercentileOverMean * maxDemandSeconds)));

    public static readonly double PercentileOverMean = Math.Log(20);

    /// <summary>c units held a fixed H: at p95 the slowest of N waits ⌈N ÷ c⌉ − 1 whole holds, so N = c × ⌊1 + (SLA − R₀) ÷ H⌋.</summary>
    public static int ClientsWithinFixedHold(double slaSeconds, double r0Seconds, double units, double holdSeconds) =>
        r0Seconds > slaSeconds ? 0
            : (int)Math.Min(int.MaxValue, Math.Floor(units) * Whole(1 + ((slaSeconds - r0Seconds) / holdSeconds)));

    /// <summary>The utilization law as a whole rate: c units held H each serve at most ⌊c ÷ H⌋ arrivals per second.</summary>
    public static int MaxRate(double units, double holdSeconds) => Whole(units / holdSeconds);

    /// <summary>Down to a whole client, forgiving the floating-point error just below one.</summary>
    public static int Whole(double value) => (int)Math.Min(int.MaxValue, Math.Floor(value + 1e-9));
}
