using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Report.Formatting;

/// <summary>One wording of a capacity for every page and line: its value and how sure it is.</summary>
public static class CapacityText
{
    /// <summary>"3", "≥ 1,600": a bound where the search stopped below the knee, or the knee was not the app's limit.</summary>
    public static string Value(Capacity capacity) =>
        (capacity.IsBound ? "≥ " : "") + Format.Count(capacity.Concurrency);

    /// <summary>"3 concurrent clients", "≥ 1,600 concurrent clients", "≥ 400 req/s offered".</summary>
    public static string Load(Capacity capacity, LoadModel model) =>
        (capacity.IsBound ? "≥ " : "") + model.ConcurrentLoad(capacity.Concurrency);

    /// <summary>"90%: 48–85", "a lower bound: the highest step tested"; before the estimate, "3–4; 4 met in 1 of 3 runs";
    /// empty for a run made before the search.</summary>
    public static string Sureness(Capacity capacity)
    {
        if (capacity is { Estimate: { } estimate, AtLeastBecause: null })
        {
            return Interval(estimate) + (capacity.Narrowed ? "" : ", the probe budget ran out before ±10%");
        }

        var parts = new List<string>();
        if (capacity is { AtLeastBecause: StoppedBy.LoadGenerator, LoadGeneratorMissedAt: { } k6Missed })
        {
            parts.Add($"a lower bound: at {Format.Count(k6Missed)} the load generator was the limit and may have caused the miss");
        }
        else if (capacity is { AtLeastBecause: StoppedBy.ProbeFailed, LoadGeneratorMissedAt: { } failedAt })
        {
            parts.Add($"a lower bound: the probe at {Format.Count(failedAt)} failed, so what lies above is unknown");
        }
        else if (capacity.AtLeastBecause is { } stoppedBy)
        {
            parts.Add(Stopped(stoppedBy));
        }
        else if (capacity.MissedAt is { } missed)
        {
            parts.Add($"{Format.Count(capacity.Concurrency)}–{Format.Count(missed)}"
                + (capacity.Narrowed ? "" : ", not narrowed further: the probe budget ran out"));
        }

        var split = new List<string>();
        if (capacity.Runs is { } atCapacity && atCapacity.Met < atCapacity.Runs)
        {
            split.Add($"{Format.Count(capacity.Concurrency)} met in {atCapacity.Met} of {atCapacity.Runs} runs");
        }

        if (capacity.MissedRuns is { Met: > 0 } atMissed)
        {
            split.Add($"{Format.Count(capacity.MissedAt)} met in {atMissed.Met} of {atMissed.Runs} runs");
        }

        if (split.Count > 0)
        {
            parts.Add(string.Join(", ", split));
        }
        else if (capacity.MissedAt is null && capacity.Runs is { Runs: > 1 } runs)
        {
            parts.Add($"{runs.Met} of {runs.Runs} runs met");
        }
        else if (capacity.Runs is { } low && capacity.MissedRuns is { } high && low.Runs + high.Runs > 2)
        {
            parts.Add($"every run agreed ({low.Runs} at {Format.Count(capacity.Concurrency)}, "
                + $"{high.Runs} at {Format.Count(capacity.MissedAt)})");
        }

        return string.Join("; ", parts);
    }

    /// <summary>"90%: 48–85": the knee's 90% interval, as whole loads.</summary>
    public static string Interval(KneeEstimate estimate) => $"{KneeEstimate.Level * 100:0}%: " + (estimate.LowLoad == estimate.HighLoad
        ? Format.Count(estimate.LowLoad)
        : $"{Format.Count(estimate.LowLoad)}–{Format.Count(estimate.HighLoad)}");

    /// <summary>"62 concurrent clients (90%: 48–85)".</summary>
    public static string Full(Capacity capacity, LoadModel model) =>
        Sureness(capacity) is { Length: > 0 } sureness ? $"{Load(capacity, model)} ({sureness})" : Load(capacity, model);

    public static string Stopped(StoppedBy stoppedBy) => stoppedBy switch
    {
        StoppedBy.LoadGenerator => "a lower bound: above it the load generator was the limit",
        StoppedBy.Ceiling => "a lower bound: the search's ceiling",
        StoppedBy.Budget => "a lower bound: the probe budget ran out before a load missed",
        StoppedBy.ProbeFailed => "a lower bound: the probe above it failed",
        _ => "a lower bound: the highest step tested",
    };
}
