using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The pool threads a variant held per request, measured, beside what its declaration says.</summary>
public static class HoldText
{
    /// <summary>"1 pool thread held per request in flight (4 probes' stacks: 0.97–1; measured, not declared)".</summary>
    public static string Measured(VariantResult variant, MeasuredHold measured)
    {
        var declared = variant.Holds?.Any(h => h.Resource == HeldResource.Threads) == true
            || variant.Prediction is { MeasuredThreadsPerRequest: null } prediction
                && prediction.Bounds.Any(b => b.Resource == ResourceKind.Threads);
        var range = measured.Probes > 1 && measured.Lowest < measured.Highest
            ? $": {Format.Number(measured.Lowest)}–{Format.Number(measured.Highest)}" : "";
        var declaration = declared ? "declared: threads" : "measured, not declared";
        var probes = measured.Probes == 1 ? "1 probe's" : $"{measured.Probes} probes'";
        var threads = measured.PerRequest == 1 ? "pool thread" : "pool threads";
        return $"{Format.Number(measured.PerRequest)} {threads} held per request in flight ({probes} stacks{range}; {declaration})";
    }
}
