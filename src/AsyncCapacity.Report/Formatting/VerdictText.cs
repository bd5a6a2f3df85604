using System.Globalization;
using System.Text;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The experiment's result in one sentence of numbers, best variant first; made at render, never stored. Each
/// capacity says the time under load it was judged at: once for all, where the variants share it.</summary>
public static class VerdictText
{
    /// <param name="run">Gives an older file's capacities their profile's horizon; without it, the probes' own.</param>
    public static string Of(ExperimentResult experiment, RunInfo? run = null) => experiment.SkippedReason is not null
        ? string.Empty
        : Of(experiment.Variants, new Terms(experiment.Sla, experiment.Model, experiment.Load, run));

    private static string Of(IReadOnlyList<VariantResult> variants, Terms terms)
    {
        if (variants.Count == 0 || variants.All(v => v.Steps.Count == 0))
        {
            return "No step ran.";
        }

        var model = terms.Model;
        var unit = terms.Kind.RateUnit;
        var ranked = variants.OrderByDescending(v => v.Capacity?.Concurrency ?? 0)
            .ThenByDescending(v => v.Capacity?.Rps ?? 0)
            .ToList();
        var horizons = ranked.Where(v => v.Capacity is not null).Select(v => HorizonText.Seconds(v, terms.Run)).Distinct().ToList();
        var shared = horizons is [{ } one] ? one : (double?)null;
        var text = new StringBuilder();
        text.Append($"Within the SLA ({Format.Sla(terms.Sla)})")
            .Append(shared is { } seconds ? $" {HorizonText.Into(seconds, terms.Run)}, " : ", ");
        for (var i = 0; i < ranked.Count; i++)
        {
            var own = shared is null ? HorizonText.Seconds(ranked[i], terms.Run) : null;
            text.Append(i == 0 ? string.Empty : "; ").Append(Describe(ranked[i], first: i == 0, terms, own));
        }

        text.Append('.');
        // A ratio of two measured capacities; "≥" when the better is a lower bound; none when the worse one is (it says nothing).
        if (ranked is [{ Capacity: { } best }, .., { Capacity: { AtLeastBecause: null } worst }]
            && worst.Concurrency > 0 && best.Concurrency > worst.Concurrency)
        {
            var atLeast = best.IsBound ? "≥ " : "";
            var ratio = best.Concurrency / (double)worst.Concurrency;
            text.Append(Invariant($" {ranked[0].Name} served {atLeast}")
                + ratio.ToString(ratio < 10 ? "0.#" : "#,0", CultureInfo.InvariantCulture)
                + Invariant($"× {model.Clients} of {ranked[^1].Name}."));
        }

        // The ceiling each variant hit, met SLA or not: where a cap (threads, pool, writers) shows in numbers.
        text.Append(" Peak throughput: ")
            .AppendJoin(", ", ranked.Select(v => v.Steps.MaxBy(s => s.Rps)!).Zip(ranked, (peak, v) =>
                $"{v.Name} {Format.Rps(peak.Rps)} {unit} at {model.Load(peak.Concurrency)}"))
            .Append('.');
        return text.ToString();
    }

    /// <param name="horizon">Said beside this variant's capacity: the variants' horizons differ.</param>
    private static string Describe(VariantResult variant, bool first, Terms terms, double? horizon)
    {
        var model = terms.Model;
        if (variant.Capacity is not { } capacity)
        {
            var lowest = variant.Steps.MinBy(s => s.Concurrency)!;
            var why = lowest.P95Ms is { } p95 ? $"p95 {Format.Against(p95, terms.Sla.P95Ms)}" : "no request completed";
            var because = NoCapacityText.Of(variant.NoCapacityBecause) ?? "no step met it";
            return $"{variant.Name} met it at no load tried ({because}; "
                + $"at {model.Load(lowest.Concurrency)}: {why}, {Format.Fraction(lowest.ErrorRate)} errors)";
        }

        var load = (first ? CapacityText.Load(capacity, model) : CapacityText.Value(capacity))
            + (horizon is { } seconds ? $", {HorizonText.Into(seconds, terms.Run)}," : "");
        var sureness = CapacityText.Sureness(capacity) is { Length: > 0 } s ? $" ({s})" : "";
        return first
            ? $"{variant.Name} met it up to {load} at {Format.Rps(capacity.Rps)} {terms.Kind.RateUnit}{sureness}"
            : $"{variant.Name} up to {load} at {Format.Rps(capacity.Rps)} {terms.Kind.RateUnit}{sureness}";
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private sealed record Terms(Sla Sla, LoadModel Model, LoadKind Kind, RunInfo? Run);
}
