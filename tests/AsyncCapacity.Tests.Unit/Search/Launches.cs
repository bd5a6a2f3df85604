namespace AsyncCapacity.Tests.Search;

/// <summary>Simulated launches of an app around a known knee, with the scatter between launches (seeded).</summary>
internal static class Launches
{
    /// <summary>A launch whose margin ln(p95 ÷ SLA) rises with log load through the knee, scattered as launches are.</summary>
    public static Func<int, double> Around(Random random, double knee, double scale, double scatter) => load =>
    {
        var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
        return scatter / scale * (Math.Log(load) - Math.Log(knee)) + scatter * normal;
    };
}
