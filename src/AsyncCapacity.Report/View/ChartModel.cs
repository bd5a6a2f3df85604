using System.Text.Json.Serialization;

namespace AsyncCapacity.Report.View;

/// <summary>Complete, so that report.js hands it to Chart.js as it is, without a rule or a number format of its own.</summary>
/// <param name="Axes">By Chart.js scale id: "x", "y", "y1" (right), "y2" (outer right).</param>
/// <param name="Interaction">"x" (every line at a step) or "index" (every series at a sample).</param>
internal sealed record ChartModel(
    string Id,
    string Kind,
    int? Variant,
    string Title,
    [property: JsonIgnore] string Note,
    IReadOnlyList<DatasetModel> Datasets,
    IReadOnlyDictionary<string, AxisModel> Axes,
    string Legend = "top",
    string Interaction = "x",
    IReadOnlyList<StepMarker>? Markers = null,
    [property: JsonIgnore] bool Wide = false)
{
    /// <summary>A caption in the page and no canvas (a variant without a timeline).</summary>
    [JsonIgnore]
    public bool IsEmpty => Datasets.Count == 0;
}

/// <param name="ShowLine">False for points alone: every probe of a search, around the line through their medians.</param>
/// <param name="FillTo">Fill down to another dataset instead of the axis (Chart.js's "-1": the one before): a band.</param>
internal sealed record DatasetModel(
    string Label,
    string Color,
    IReadOnlyList<PointModel> Points,
    string Axis = "y",
    double Width = 2,
    IReadOnlyList<double>? Dash = null,
    string? Fill = null,
    string PointStyle = "circle",
    double PointRadius = 0,
    double HoverRadius = 4,
    int Order = 0,
    bool Tooltip = true,
    bool ShowLine = true,
    string? FillTo = null);

/// <summary>A null <see cref="Y"/> breaks the line; a point's own style marks a step that missed the SLA (a cross).</summary>
internal sealed record PointModel(double X, double? Y, string? Label, string? Style = null, double? Radius = null);

/// <summary>Bounds and every tick labelled here: Chart.js computes none of them.</summary>
/// <param name="Color">When the axis belongs to one series (the 503 rate); null for the page's.</param>
internal sealed record AxisModel(
    string Type,
    string Position,
    string Title,
    double Min,
    double Max,
    IReadOnlyList<TickModel> Ticks,
    bool Display = true,
    bool Grid = true,
    string? Color = null);

/// <summary>An empty label keeps the grid line without text (crowded log scales).</summary>
internal sealed record TickModel(double Value, string Label);

/// <summary>Seconds since the timeline's first sample.</summary>
/// <param name="ShortLabel">Drawn where the next step starts too close for <see cref="Label"/>.</param>
internal sealed record StepMarker(double At, double MeasuredFrom, string Label, string ShortLabel);
