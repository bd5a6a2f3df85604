using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

internal static class TimelineNote
{
    private const string Ending = " Triangles: where the pool raised its thread goal, by the runtime's reason (starvation, cooperative "
        + "blocking, hill climbing). Sampled each second, on the same scales for every variant. "
        + "Dotted lines: each probe's start and its clients; shaded: warm-up.";

    public static string Of(IReadOnlyList<TimelineSeries> series, bool anyRate)
    {
        string Labels(Func<TimelineSeries, bool> which) => Format.And(series.Where(which).Select(s => s.Label));
        var note = $"Solid, left axis: {Labels(s => s.Axis == GaugeAxis.Held && !s.Reference)}. "
            + $"Dashed, right axis: {Labels(s => s.Axis == GaugeAxis.Waiting && !s.Reference)}.";
        if (series.Any(s => s.Reference))
        {
            note += $" Long dashes: {Labels(s => s.Reference)}.";
        }

        if (series.Any(s => s.IsRate))
        {
            var rates = Labels(s => s.IsRate);
            note += anyRate
                ? $" Filled, outer right axis: {rates}, the rise of a running count between two samples ÷ the seconds between them; "
                    + "a fresh app process restarts that count, so no rate spans a restart."
                : $" Flat at zero: {rates}, none in this experiment.";
        }

        return note + Ending;
    }
}
