namespace AsyncCapacity.Lab.Search;

public sealed record ProbeOutcome(int Concurrency, bool Meets, ProbePass Pass = ProbePass.Coarse, bool LoadGeneratorBound = false)
{
    /// <summary>Too few requests for the SLA's percentile: it steers the search, the estimate leaves it out.</summary>
    public bool Judged { get; init; } = true;

    public long? Requests { get; init; }

    public double? Seconds { get; init; }

    /// <summary>ln(p95 ÷ the SLA's p95) where the p95 decided the verdict.</summary>
    public double? Margin { get; init; }

    /// <summary>No evidence, but no load at or above it is tried again, as above a miss k6 may have caused.</summary>
    public bool Failed { get; init; }

    public bool Untrusted => !Meets && (LoadGeneratorBound || Failed);
}
