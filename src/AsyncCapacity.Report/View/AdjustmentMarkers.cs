using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.View;

/// <summary>One series per kind of reason the pool added threads, so that the legend says which moved the pool.</summary>
internal static class AdjustmentMarkers
{
    private static readonly (string Label, string Color, string[] Reasons)[] Kinds =
    [
        ("threads added: starvation", "#c92a2a", ["Starvation"]),
        ("threads added: cooperative blocking", "#e8590c", ["CooperativeBlocking"]),
        ("threads added: hill climbing", "#5f3dc4",
            ["Warmup", "Initializing", "RandomMove", "ClimbingMove", "ChangePoint", "Stabilizing"]),
    ];

    public static IEnumerable<DatasetModel> Of(VariantResult variant, long startMs)
    {
        var samples = variant.Timeline;
        foreach (var (label, color, reasons) in Kinds)
        {
            var points = new List<PointModel>();
            for (var i = 1; i < samples.Count; i++)
            {
                var (before, after) = (samples[i - 1], samples[i]);
                if (ProcessRestarts.Between(before, after, []) || before.Adjustments is null || after.Adjustments is null)
                {
                    continue;
                }

                var added = reasons.Sum(r => (after.Adjustments.GetValueOrDefault(r)?.ThreadsAdded ?? 0)
                    - (before.Adjustments.GetValueOrDefault(r)?.ThreadsAdded ?? 0));
                if (added > 0)
                {
                    var x = (after.TimestampMs - startMs) / 1000.0;
                    points.Add(new PointModel(x, after.ThreadCount,
                        string.Create(
                            CultureInfo.InvariantCulture, $"{label}: +{added} to the pool's goal ({after.ThreadCount} threads)")));
                }
            }

            if (points.Count > 0)
            {
                yield return new DatasetModel(
                    label, color, points, PointStyle: "triangle", PointRadius: 5, HoverRadius: 7, Width: 0, Order: -1, ShowLine: false);
            }
        }
    }
}
