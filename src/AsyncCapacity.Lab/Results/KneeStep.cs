namespace AsyncCapacity.Lab.Results;

/// <summary>Where a variant's capacity ran out: the first run at the first load that missed, else at its capacity.</summary>
public static class KneeStep
{
    public static StepResult? Of(VariantResult variant)
    {
        var capacity = variant.Capacity;
        var load = capacity?.MissedAt ?? capacity?.Concurrency ?? variant.Steps.MinBy(s => s.Concurrency)?.Concurrency;
        return variant.Steps.Where(s => s.Concurrency == load).OrderBy(s => s.Run).FirstOrDefault();
    }
}
