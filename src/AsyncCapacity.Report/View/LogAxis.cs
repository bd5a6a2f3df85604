using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>Ends on 1-2-5 values beyond the data so both ends carry a label; past three decades only powers of ten keep one.</summary>
internal static class LogAxis
{
    private static readonly int[] Mantissas = [1, 2, 5];
    private static readonly int[] Downwards = [5, 2, 1];
    private static readonly int[] Upwards = [1, 2, 5, 10];

    /// <param name="floor">1 for clients: there is no half a client.</param>
    public static AxisModel Of(
        string title, IEnumerable<double?> values, Func<double, string>? label = null, double floor = 0, string position = "left")
    {
        label ??= value => Format.Duration(value);
        var positive = values.OfType<double>().Where(v => v > 0 && double.IsFinite(v)).ToList();
        if (positive.Count == 0)
        {
            positive = [1, 1000];
        }

        var min = Math.Max(floor, RoundDown(positive.Min() / 1.5));
        var max = RoundUp(positive.Max() * 1.2);
        var decadesOnly = Math.Log10(max / min) > 3;
        var ticks = new List<TickModel>();
        for (var power = Math.Floor(Math.Log10(min)); power <= Math.Ceiling(Math.Log10(max)); power++)
        {
            foreach (var k in Mantissas)
            {
                var value = k * Math.Pow(10, power);
                if (value >= min * (1 - 1e-9) && value <= max * (1 + 1e-9))
                {
                    ticks.Add(new TickModel(value, decadesOnly && k != 1 ? string.Empty : label(value)));
                }
            }
        }

        return new AxisModel("logarithmic", position, title + " (log scale)", min, max, ticks);
    }

    private static double RoundDown(double value)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(value)));
        return Downwards.Select(k => k * power).FirstOrDefault(v => v <= value * (1 + 1e-9), power);
    }

    private static double RoundUp(double value)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(value)));
        return Upwards.Select(k => k * power).First(v => v >= value * (1 - 1e-9));
    }
}
