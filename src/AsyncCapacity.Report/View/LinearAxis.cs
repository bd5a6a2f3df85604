namespace AsyncCapacity.Report.View;

internal static class LinearAxis
{
    private const int AboutTicks = 6;

    private static readonly int[] Steps = [1, 2, 5, 10];

    /// <param name="wholeSteps">Ticks on whole numbers only (clients, threads): no "0.5 clients".</param>
    public static AxisModel Of(string title, double dataMax, Func<double, string> label, string position = "left",
        bool wholeSteps = false, bool grid = true, bool display = true, string? color = null)
    {
        var max = double.IsFinite(dataMax) && dataMax > 0 ? dataMax : 1;
        var step = NiceStep(max / AboutTicks);
        if (wholeSteps)
        {
            step = Math.Max(1, Math.Round(step));
        }

        var top = Math.Ceiling((max / step) - 1e-9) * step;
        var ticks = Enumerable.Range(0, (int)Math.Round(top / step) + 1)
            .Select(i => i * step)
            .Select(value => new TickModel(value, label(value)))
            .ToList();
        return new AxisModel("linear", position, title, 0, top, ticks, display, grid, color);
    }

    public static double NiceStep(double rough)
    {
        var power = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        return Steps.Select(k => k * power).First(v => v >= rough * (1 - 1e-9));
    }
}
