namespace AsyncCapacity.Lab.Results;

/// <summary>One second of a held load, counted from the moment it started on a cold app: what k6 completed in it (its own
/// samples, tagged with the second they completed in) and what the app's runtime read at its end.</summary>
public sealed record HeldSecond(int Second, long Requests, long Failed, double? P95Ms)
{
    /// <summary>Session kinds only: sessions that failed to open or dropped in this second.</summary>
    public long? SessionsFailed { get; init; }

    public long? SessionsDropped { get; init; }

    public int? PoolThreads { get; init; }

    public long? QueueLength { get; init; }

    public double? WorkingSetMb { get; init; }

    /// <summary>Of all the cores, as every CPU figure of the results.</summary>
    public double? CpuPercent { get; init; }
}
