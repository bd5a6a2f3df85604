namespace AsyncCapacity.Lab.Search;

public sealed record SearchFinding
{
    public int? Capacity { get; init; }

    public KneeEstimate? Estimate { get; init; }

    public StoppedBy? AtLeastBecause { get; init; }

    public bool Narrowed { get; init; } = true;

    public NoCapacityReason? NoneBecause { get; init; }

    public SearchStrategy? Strategy { get; init; }

    public int? PredictedKnee { get; init; }

    public int? LoadGeneratorMissedAt { get; init; }

    public static SearchFinding Estimated(KneeEstimate estimate, bool narrowed) =>
        new() { Capacity = estimate.Capacity, Estimate = estimate, Narrowed = narrowed };

    public static SearchFinding AtLeast(int capacity, StoppedBy stoppedBy, int? loadGeneratorMissedAt = null) =>
        new() { Capacity = capacity, AtLeastBecause = stoppedBy, LoadGeneratorMissedAt = loadGeneratorMissedAt };

    public static SearchFinding None(NoCapacityReason because) => new() { NoneBecause = because };
}
