using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>Held solid, waiting dashed, rates filled, limits long-dashed and paler: the kind reads before the legend.</summary>
internal static class TimelineDatasets
{
    public static IReadOnlyList<DatasetModel> Of(VariantTimeline timeline, TimelineScale shared) =>
        [.. timeline.Series.Select((series, s) => Dataset(series, Label(series, timeline.Points[s], shared), timeline.Points[s]))];

    /// <summary>A limit reads with its value ("pool size: 100"); a rate that never rose says so in the legend.</summary>
    private static string Label(TimelineSeries series, IReadOnlyList<(double X, double? Y)> points, TimelineScale shared) => series switch
    {
        { Reference: true } when points.LastOrDefault(p => p.Y is not null).Y is { } value =>
            $"{series.Label}: {Format.Count(value)}",
        { IsRate: true } when shared.Rate <= 0 => $"{series.Label}: none in this experiment",
        _ => series.Label,
    };

    private static DatasetModel Dataset(TimelineSeries series, string label, IReadOnlyList<(double X, double? Y)> points)
    {
        var dataset = new DatasetModel(label, series.Color,
            [.. points.Select(p =>
                new PointModel(p.X, p.Y, series.Reference || p.Y is null ? null : $"{label}: {Value(series, p.Y.Value)}"))],
            Axis: series.Axis switch { GaugeAxis.Held => "y", GaugeAxis.Waiting => "y1", _ => "y2" },
            Fill: series.Filled ? ChartColors.WithAlpha(series.Color, 0.1) : null);
        return series switch
        {
            { Reference: true } => dataset with
            {
                Color = ChartColors.WithAlpha(series.Color, 0.75),
                Width = 1.25,
                Dash = [12, 6],
                HoverRadius = 0,
                Tooltip = false,
            },
            { Axis: GaugeAxis.Waiting } => dataset with { Width = 1.5, Dash = [5, 3] },
            _ => dataset,
        };
    }

    private static string Value(TimelineSeries series, double value) => series.IsRate ? Format.Rps(value) : Format.Count(value);
}
