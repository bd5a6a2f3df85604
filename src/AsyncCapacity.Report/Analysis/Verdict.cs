using System.Globalization;
using System.Text;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>The experiment's result in one sentence of numbers, best variant first.</summary>
public static class Verdict
{
    public static string Of(IReadOnlyList<VariantResult> variants, Sla sla)
    {
        if (variants.Count == 0 || variants.All(v => v.Steps.Count == 0))
        {
            return "No step ran.";
        }

        var ranked = variants.OrderByDescending(v => v.Capacity?.Concurrency ?? 0).ThenByDescending(v => v.Capacity?.Rps ?? 0).ToList();
        var text = new StringBuilder();
        text.Append(Invariant($"Within the SLA (p95 ≤ {Milliseconds(sla.P95Ms)}, errors ≤ {sla.MaxErrorRate * 100:0.##}%), "));
        for (var i = 0; i < ranked.Count; i++)
        {
            text.Append(i == 0 ? string.Empty : "; ").Append(Describe(ranked[i], first: i == 0));
        }

        text.Append('.');
        if (ranked is [{ Capacity: { } best }, .., { Capacity: { } worst }] && worst.Concurrency > 0 && best.Concurrency > worst.Concurrency)
        {
            text.Append(Invariant($" {ranked[0].Name} served {best.Concurrency / (double)worst.Concurrency:0.#}× the clients of {ranked[^1].Name}."));
        }

        // The ceiling each variant hit, met SLA or not: where a cap (threads, pool, writers) shows in numbers.
        text.Append(" Peak throughput: ")
            .AppendJoin(", ", ranked.Select(v => v.Steps.MaxBy(s => s.Rps)!).Zip(ranked, (peak, v) =>
                Invariant($"{v.Name} {peak.Rps:0.#} req/s at {peak.Concurrency} {Clients(peak.Concurrency)}")))
            .Append('.');
        return text.ToString();
    }

    private static string Describe(VariantResult variant, bool first)
    {
        var highest = variant.Steps.Max(s => s.Concurrency);
        if (variant.Capacity is not { } capacity)
        {
            var lowest = variant.Steps.MinBy(s => s.Concurrency)!;
            var why = lowest.P95Ms is { } p95 ? Invariant($"p95 {Milliseconds(p95)}") : "no request completed";
            return Invariant($"{variant.Name} met it at no tested step (at {lowest.Concurrency} {Clients(lowest.Concurrency)}: {why}, {lowest.ErrorRate * 100:0.0}% errors)");
        }

        var upTo = first
            ? Invariant($"{variant.Name} met it up to {capacity.Concurrency} concurrent {Clients(capacity.Concurrency)} at {capacity.Rps:0.#} req/s")
            : Invariant($"{variant.Name} up to {capacity.Concurrency} at {capacity.Rps:0.#} req/s");
        return capacity.Concurrency == highest ? upTo + " (the highest step tested, so its capacity may be higher)" : upTo;
    }

    private static string Clients(int count) => count == 1 ? "client" : "clients";

    public static string Milliseconds(double ms) => ms switch
    {
        >= 1000 => Invariant($"{ms / 1000:0.##} s"),
        >= 10 => Invariant($"{ms:0} ms"),
        >= 1 => Invariant($"{ms:0.#} ms"),
        _ => Invariant($"{ms * 1000:0} µs"),
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
