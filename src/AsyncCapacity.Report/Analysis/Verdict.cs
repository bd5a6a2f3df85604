using System.Globalization;
using System.Text;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>The experiment's result in one sentence of numbers, best variant first.</summary>
public static class Verdict
{
    /// <param name="unit">What throughput counts: "req/s", or "msg/s" for a WebSocket echo.</param>
    public static string Of(IReadOnlyList<VariantResult> variants, Sla sla, string unit = "req/s")
    {
        if (variants.Count == 0 || variants.All(v => v.Steps.Count == 0))
        {
            return "No step ran.";
        }

        var ranked = variants.OrderByDescending(v => v.Capacity?.Concurrency ?? 0).ThenByDescending(v => v.Capacity?.Rps ?? 0).ToList();
        var text = new StringBuilder();
        text.Append($"Within the SLA ({Format.Sla(sla)}), ");
        for (var i = 0; i < ranked.Count; i++)
        {
            text.Append(i == 0 ? string.Empty : "; ").Append(Describe(ranked[i], first: i == 0, unit));
        }

        text.Append('.');
        if (ranked is [{ Capacity: { } best }, .., { Capacity: { } worst }] && worst.Concurrency > 0 && best.Concurrency > worst.Concurrency)
        {
            var load = Format.IsOpenModel(variants.SelectMany(v => v.Steps)) ? "the arrival rate" : "the clients";
            text.Append(Invariant($" {ranked[0].Name} served {best.Concurrency / (double)worst.Concurrency:0.#}× {load} of {ranked[^1].Name}."));
        }

        // The ceiling each variant hit, met SLA or not: where a cap (threads, pool, writers) shows in numbers.
        text.Append(" Peak throughput: ")
            .AppendJoin(", ", ranked.Select(v => v.Steps.MaxBy(s => s.Rps)!).Zip(ranked, (peak, v) =>
                $"{v.Name} {Format.Rps(peak.Rps)} {unit} at {Format.Load(peak.Concurrency, peak.OfferedRps is not null)}"))
            .Append('.');
        return text.ToString();
    }

    private static string Describe(VariantResult variant, bool first, string unit)
    {
        var highest = variant.Steps.Max(s => s.Concurrency);
        if (variant.Capacity is not { } capacity)
        {
            var lowest = variant.Steps.MinBy(s => s.Concurrency)!;
            var why = lowest.P95Ms is { } p95 ? $"p95 {Format.Duration(p95)}" : "no request completed";
            return $"{variant.Name} met it at no tested step (at {Format.Load(lowest.Concurrency, lowest.OfferedRps is not null)}: {why}, {Format.Fraction(lowest.ErrorRate)} errors)";
        }

        var open = Format.IsOpenModel(variant.Steps);
        var upTo = first
            ? $"{variant.Name} met it up to {Format.ConcurrentLoad(capacity.Concurrency, open)} at {Format.Rps(capacity.Rps)} {unit}"
            : $"{variant.Name} up to {Format.Count(capacity.Concurrency)} at {Format.Rps(capacity.Rps)} {unit}";
        return capacity.Concurrency == highest ? upTo + " (the highest step tested, so its capacity may be higher)" : upTo;
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
