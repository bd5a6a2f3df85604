using System.Text.Json.Serialization;

namespace AsyncCapacity.Report.View;

/// <summary>
/// One chart, complete: report.js hands it to Chart.js as it is, without a rule or a number format of its own. The
/// canvas of the page names it by <see cref="Id"/>; <see cref="Kind"/> is the canvas's <c>data-chart</c>.
/// </summary>
/// <param name="Variant">The variant a timeline belongs to (its index in the experiment); null for charts of every variant.</param>
/// <param name="Note">The caption under the chart: what to look for. Written into the page, not the model.</param>
/// <param name="Axes">By Chart.js scale id: "x", "y", "y1" (right), "y2" (outer right).</param>
/// <param name="Legend">Where the legend sits: "top" or "bottom".</param>
/// <param name="Interaction">Chart.js's interaction mode: "x" (every line at a step) or "index" (every series at a sample).</param>
/// <param name="Markers">Each step's start on a timeline, labelled with its clients; null on other charts.</param>
/// <param name="Wide">Spans the row of charts: one that compares every variant.</param>
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
    /// <summary>A chart with nothing to draw (a variant without a timeline) is a caption in the page and no canvas.</summary>
    [JsonIgnore]
    public bool IsEmpty => Datasets.Count == 0;
}

/// <summary>One line. <see cref="Fill"/> is the colour of the area under it, null for none; <see cref="Dash"/> null is solid.</summary>
/// <param name="Axis">The scale id it is drawn against.</param>
/// <param name="Tooltip">False for a reference line (a limit): it has no tooltip.</param>
/// <param name="ShowLine">False for points alone (every probe of a search, drawn around the line through their medians).</param>
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
    bool ShowLine = true);

/// <summary>
/// One point; <see cref="Y"/> null breaks the line. <see cref="Label"/> is its tooltip, ready to read. <see cref="Style"/>
/// and <see cref="Radius"/> override the dataset's for this point (a step that missed the SLA is a cross).
/// </summary>
internal sealed record PointModel(double X, double? Y, string? Label, string? Style = null, double? Radius = null);

/// <summary>A scale with its bounds and every tick, labelled: Chart.js computes none of them.</summary>
/// <param name="Type">"linear" or "logarithmic".</param>
/// <param name="Color">Of the title and tick labels when the axis belongs to one series (the 503 rate); null for the page's.</param>
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

/// <summary>A tick of an axis; an empty label keeps the grid line without text (crowded log scales).</summary>
internal sealed record TickModel(double Value, string Label);

/// <summary>A step's start on a timeline, in seconds since its first sample, and the end of its warm-up (shaded).</summary>
/// <param name="ShortLabel">Drawn instead of <see cref="Label"/> where the next step starts too close for it.</param>
internal sealed record StepMarker(double At, double MeasuredFrom, string Label, string ShortLabel);
