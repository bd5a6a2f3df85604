using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.View;

/// <summary>Built by pure functions, so that report.js only draws; by the document's experiment index, none when skipped.</summary>
internal sealed record ReportModel(IReadOnlyList<IReadOnlyList<ChartModel>> Experiments)
{
    // A NaN read from a results file must not stop the page. The default encoder escapes <, > and & (as \u003C…),
    // so a "</script>" inside a variant's name cannot close the element the model sits in: keep the default encoder.
    private static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web)
    {
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public static ReportModel Of(ResultsDocument document) =>
        new([.. document.Experiments.Select((experiment, i) =>
            Charts(experiment, i.ToString(CultureInfo.InvariantCulture), document.Run))]);

    public string ToJson() => JsonSerializer.Serialize(
        new { Charts = Experiments.SelectMany(c => c).Where(c => !c.IsEmpty).ToDictionary(c => c.Id) }, JsonOptions);

    private static List<ChartModel> Charts(ExperimentResult experiment, string index, RunInfo run)
    {
        if (experiment.SkippedReason is not null || experiment.Variants.Count == 0)
        {
            return [];
        }

        // Where loads were held, the curve leads: capacity over time, then where each variant's point comes from.
        var charts = new List<ChartModel>();
        if (CapacityCurveChart.IsDrawn(experiment))
        {
            charts.Add(CapacityCurveChart.Of(experiment, $"e{index}-capacity-curve"));
            charts.AddRange(experiment.Variants
                .Select((_, i) => HoldChart.Of(experiment, i, string.Create(CultureInfo.InvariantCulture, $"e{index}-hold-{i}"), run))
                .OfType<ChartModel>());
        }

        charts.Add(ThroughputChart.Of(experiment, $"e{index}-throughput"));
        charts.Add(LatencyChart.Of(experiment, $"e{index}-latency"));
        if (ServerTimeChart.IsDrawn(experiment))
        {
            charts.Add(ServerTimeChart.Of(experiment, $"e{index}-server-time"));
        }

        charts.AddRange(TimelineChart.Of(experiment,
            variant => string.Create(CultureInfo.InvariantCulture, $"e{index}-timeline-{variant}")));
        return charts;
    }
}
