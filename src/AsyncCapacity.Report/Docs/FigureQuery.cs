using System.Globalization;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>
/// A figure of a page's prose, asked of the run it links to: <c>[1,797](runs/lab6-db.json "db/async capacity")</c>. A query is
/// <c>SCOPE FIELD [FILTER…] [AGGREGATE] [flagged]</c>, or two of them joined by " ÷ " (how many times the one is the other); or
/// <c>run FIELD</c> for the run's own facts. docs/ARCHITECTURE.md ("Figures in the docs") lists the fields.
/// <list type="bullet">
/// <item>SCOPE: EXPERIMENT/VARIANT.</item>
/// <item>FIELD: the variant's capacity, interval, at (its throughput), horizon, predicted, held (pool threads per request),
/// bound and units (the laws' binding resource); a probe's (<see cref="StepFigures"/>); a held load's (<see cref="HeldFigures"/>).
/// </item>
/// <item>FILTER: at N, from N, to N (clients), met, missed. AGGREGATE: min, max, median, sum, count; none: the value, or min–max
/// over several probes.</item>
/// <item>flagged: the figure rests only on probes whose flags undermine it (<see cref="FlagReach"/>), and its sentence says so.</item>
/// </list>
/// </summary>
public static partial class FigureQuery
{
    private const string FlaggedWord = "flagged";

    /// <summary>The figure's text, whether it rests only on flagged probes, and whether the query says it does.</summary>
    public static (string Text, bool Flagged, bool Acknowledged) Evaluate(string query, ResultsDocument run)
    {
        var terms = query.Split(" ÷ ").Select(term => term.Split(' ', StringSplitOptions.RemoveEmptyEntries).ToList()).ToList();
        var acknowledged = terms.Any(words => words.Count > 0 && words[^1] == FlaggedWord);
        var figures = terms.Select(words => Term(words.Where(w => w != FlaggedWord).ToList(), run)).ToList();
        var flagged = figures.Any(f => f.Flagged);
        if (figures.Count == 1)
        {
            return (figures[0].Text, flagged, acknowledged);
        }

        if (figures.Count != 2 || figures.Any(f => f.Value is null))
        {
            throw new DocsException("a ratio divides one single figure by another");
        }

        return (Format.Ratio(figures[0].Value!.Value / figures[1].Value!.Value), flagged, acknowledged);
    }

    /// <summary>"1,000" or "1000" as a load.</summary>
    public static bool TryLoad(string text, out int load) =>
        int.TryParse(text.Replace(",", "", StringComparison.Ordinal), NumberStyles.None, CultureInfo.InvariantCulture, out load);

    private static Figure Term(List<string> words, ResultsDocument document)
    {
        if (words.Count < 2)
        {
            throw new DocsException("a query names a scope and a field");
        }

        var (scope, field, rest) = (words[0], words[1], words.Skip(2).ToList());
        if (scope == "run")
        {
            var (text, value, flagged) = rest.Count == 0
                ? RunFigures.Of(field, document.Run)
                : throw new DocsException("a run's figure takes no filter");
            return new(text, value, flagged);
        }

        var (experiment, variant) = Variant(document, scope);
        return field switch
        {
            "capacity" or "interval" or "at" or "horizon" or "predicted" or "held" or "bound" or "units" when rest.Count > 0 =>
                throw new DocsException($"the variant's {field} takes no filter"),
            "capacity" or "interval" or "at" => Knee(field, variant),
            "horizon" => new(Format.Seconds(HorizonText.Seconds(variant, document.Run) ?? throw NoCapacity()), null, false),
            "predicted" => Predicted(experiment, variant),
            "held" => variant.ThreadsHeld is { } held ? Single(held.PerRequest, FigureUnit.Number)
                : throw new DocsException("the variant has no pool threads per request measured"),
            "bound" or "units" => Bound(field, variant),
            _ when field.StartsWith("hold-", StringComparison.Ordinal) || field.StartsWith("second-", StringComparison.Ordinal) =>
                new(HeldFigures.Of(field, rest, variant), null, HeldFigures.Flagged(rest, variant)),
            _ => Probes(field, rest, variant, document.Run),
        };
    }

    private static (ExperimentResult Experiment, VariantResult Variant) Variant(ResultsDocument document, string scope)
    {
        var slash = scope.IndexOf('/', StringComparison.Ordinal);
        var (experiment, name) = slash > 0 ? (scope[..slash], scope[(slash + 1)..]) : (scope, "");
        return document.Experiments.Where(e => e.Name == experiment)
            .SelectMany(e => e.Variants.Where(v => v.Name == name).Select(v => (e, v)))
            .FirstOrDefault() is ({ } found, { } variant) ? (found, variant) : throw new DocsException($"the run has no variant {scope}");
    }

    /// <summary>The capacity as the report's table writes it, its interval, its throughput; flagged where every probe it rests on
    /// is (<see cref="KneeHorizon.RestsOn"/>: the report reads its limits from the same probes).</summary>
    private static Figure Knee(string field, VariantResult variant)
    {
        var capacity = variant.Capacity ?? throw NoCapacity();
        var restsOn = KneeHorizon.RestsOn(variant.Steps, capacity);
        var flagged = restsOn.Count > 0 && restsOn.All(step => FlagReach.Undermines(step, field));
        return field switch
        {
            "capacity" => new(CapacityText.Value(capacity), capacity.Concurrency, flagged),
            "at" => new(Format.Rps(capacity.Rps), capacity.Rps, flagged),
            _ => new(capacity.Estimate is { } estimate ? Bare(CapacityText.Interval(estimate))
                : throw new DocsException("the capacity has no interval"), null, flagged),
        };
    }

    /// <summary>The laws' predicted load, its figures only: "2–3" of "2–3 clients", "1,846–5,531" of "≈ 1,846–5,531 clients".</summary>
    private static Figure Predicted(ExperimentResult experiment, VariantResult variant)
    {
        var prediction = variant.Prediction ?? throw new DocsException("the variant has no prediction");
        var figures = PredictedFigures().Match(PredictionText.Predicted(prediction, experiment.Model));
        return new(figures.Value, prediction.Load, false);
    }

    private static Figure Bound(string field, VariantResult variant)
    {
        var binding = variant.Prediction?.Binding;
        if (binding?.MaxRps is not { } maxRps)
        {
            throw new DocsException("the variant has no bound from the laws");
        }

        return field == "bound" ? Single(maxRps, FigureUnit.Rps) : Single(binding.Units, FigureUnit.Number);
    }

    /// <summary>A probe's figure over the probes the filters keep: the value, its aggregate, or min–max where several differ.</summary>
    private static Figure Probes(string field, List<string> words, VariantResult variant, RunInfo run)
    {
        IEnumerable<StepResult> steps = variant.Steps.OrderBy(s => s.Concurrency).ThenBy(s => s.Run);
        string? aggregate = null;
        for (var i = 0; i < words.Count; i++)
        {
            switch (words[i])
            {
                case "at" or "from" or "to" when i + 1 < words.Count && TryLoad(words[i + 1], out var load):
                    var filter = words[i];
                    steps = steps.Where(s => filter switch
                    {
                        "at" => s.Concurrency == load,
                        "from" => s.Concurrency >= load,
                        _ => s.Concurrency <= load,
                    });
                    i++;
                    break;
                case "met" or "missed":
                    var met = words[i] == "met";
                    steps = steps.Where(s => s.MeetsSla == met);
                    break;
                case "min" or "max" or "median" or "sum" or "count":
                    aggregate = words[i];
                    break;
                default:
                    throw new DocsException($"'{words[i]}' is not a filter or an aggregate");
            }
        }

        var kept = steps.ToList();
        if (kept.Count == 0)
        {
            throw new DocsException("no probe matches");
        }

        var flagged = kept.All(step => FlagReach.Undermines(step, field));
        if (aggregate == "count")
        {
            return Single(kept.Count, FigureUnit.Count) with { Flagged = flagged };
        }

        var unit = StepFigures.Of(field, kept[0], run).Unit;
        var values = kept.Select(step => StepFigures.Of(field, step, run).Value).OfType<double>().Order().ToList();
        if (values.Count == 0)
        {
            throw new DocsException($"no probe has a value of {field}");
        }

        if (aggregate is not null)
        {
            var value = aggregate switch
            {
                "min" => values[0],
                "max" => values[^1],
                "sum" => values.Sum(),
                _ => values.Count % 2 == 1 ? values[values.Count / 2] : (values[values.Count / 2 - 1] + values[values.Count / 2]) / 2,
            };
            return Single(value, unit) with { Flagged = flagged };
        }

        var (low, high) = (FigureText.Of(values[0], unit), FigureText.Of(values[^1], unit));
        return new(FigureText.Range(low, high), low == high ? values[0] : null, flagged);
    }

    /// <summary>"48–85" of "90%: 48–85".</summary>
    private static string Bare(string interval) => interval[(interval.IndexOf(' ', StringComparison.Ordinal) + 1)..];

    private static Figure Single(double value, FigureUnit unit) => new(FigureText.Of(value, unit), value, false);

    private static DocsException NoCapacity() => new("the variant has no capacity");

    [GeneratedRegex(@"[\d,.]+(?:–[\d,.]+)?")]
    private static partial Regex PredictedFigures();

    /// <summary>One term's text, its value where it is a single number (a ratio divides them), whether flags undermine it.</summary>
    private sealed record Figure(string Text, double? Value, bool Flagged);
}
