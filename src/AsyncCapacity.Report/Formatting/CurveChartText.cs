using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The words of the capacity-over-time charts: their titles, captions and tooltips.</summary>
public static class CurveChartText
{
    public static string CurveTitle(LoadModel model) => $"Capacity over time under load: {model.AxisName} within the SLA";

    public static string CurveNote(IReadOnlyList<(string Profile, double Seconds)> horizons, double firstSecond) =>
        "Both axes log scale. Solid: the capacity the held loads measured, each load on a fresh app from a cold start (the largest load "
        + "caught up with by then, read between the held loads); bars: its interval where the curve is read; circles: a load caught up "
        + "with, where its line of the SLA began to hold; triangles: a load still behind when its hold ended. Dashed: what the "
        + "forecast gives for the same times, the pool simulated by the runtime's rules (the median of its runs). Dotted lines: "
        + "the horizons the "
        + string.Join(" and ", horizons.Select(h => $"{h.Profile} ({Format.Seconds(h.Seconds)})"))
        + $" profiles judge a knee at. A load met from the start is drawn from {Format.Seconds(firstSecond)}.";

    public static string Horizon(string profile, double seconds) => $"{profile}: {Format.Seconds(seconds)}";

    public static string Measured(string variant, CapacityAt point, LoadModel model) =>
        $"{variant}: {model.Load(point.Capacity)} by {Format.Seconds(point.Seconds)}"
            + (point.High is { } high && high != point.Low ? $" ({Format.Count(point.Low)}–{Format.Count(high)})"
                : point.AtLeast ? " at least" : "");

    public static string Interval(string variant, CapacityAt point) =>
        $"{variant} at {Format.Seconds(point.Seconds)}: {SustainedText.Point(point)}"
            + (point.From == CurveSource.Probes ? ", the short probes' knee" : ", read between the held loads");

    public static string Hold(string variant, SustainedHold hold, LoadModel model) => hold.CaughtUpAt is { } at
        ? $"{variant}, {model.Load(hold.Concurrency)} held: caught up at {Format.Seconds(at)}"
        : $"{variant}, {model.Load(hold.Concurrency)} held: still behind after {Format.Seconds(hold.HeldSeconds)}";

    public static string Forecast(string variant, double seconds, int load, LoadModel model) =>
        $"{variant}, forecast: {model.Load(load)} by {Format.Seconds(seconds)}";

    public static string HoldTitle(string variant, int load, LoadModel model) =>
        $"Each second of {model.Load(load)} held: {variant}'s p95 and pool threads";

    public static string HoldNote(SustainedHold hold, Sla sla) =>
        "Time from the load's start on a fresh app. Left, log scale: the p95 of the requests each second completed "
        + $"(none where no request did); dashed: the SLA, p95 ≤ {Format.Duration(sla.P95Ms)}. Right: the pool's threads at the "
        + "second's end"
        + (hold.Forecast?.Simulated is { } simulated && hold.Forecast.Ceiling is null
            ? $"; the shaded band between fine dotted lines, the threads the runtime's rules grow under the same load (the 10th to "
                + $"90th percentile of {simulated.Runs} simulated runs). "
            : ". ")
        + (hold.CaughtUpAt is { } at
            ? $"Dotted: the catch-up at {Format.Seconds(at)}, from which every second met the SLA. "
            : $"It never caught up within its {Format.Seconds(hold.HeldSeconds)}. ")
        + hold.CaughtUpAt switch
        {
            > 0 => "Shown: the heaviest load held that had to catch up.",
            0 => "Every load held met the SLA from its first second.",
            _ => "Shown: the lightest load held still behind.",
        };

    public static string CaughtUp(double seconds) => $"caught up at {Format.Seconds(seconds)}";

    public static string Second(string what, int second, string value) => $"{what} at {second} s: {value}";
}
