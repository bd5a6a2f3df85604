using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A held load as measured against the band simulated for it: the share of its seconds whose pool threads lay inside
/// the band, and whether its catch-up did (within the band's 10th to 90th percentile, or within 25% of its median; a "never"
/// where most runs never caught up either). The runtime reader reads the pool once a second at an instant the second does not
/// say, so a second's threads are judged against the band from the second before it to the second after.</summary>
public sealed record BandCheck(int Load, int Seconds, double Coverage, int? MeasuredAt, CatchUpBand Forecast)
{
    /// <summary>How far a catch-up may lie from the band's median and still count as forecast.</summary>
    public const double Tolerance = Laws.PoolGrowth.Tolerance;

    public const double LeastCoverage = 0.8;

    [JsonIgnore]
    public bool CatchUpHolds => MeasuredAt is { } at
        ? Forecast.CaughtUp > 0 && ((at >= Forecast.Low && at <= Forecast.High)
            || Math.Abs(at - Forecast.Median!.Value) <= Tolerance * Math.Max(1, Forecast.Median.Value))
        : !Forecast.Mostly;

    [JsonIgnore]
    public bool Holds => Coverage >= LeastCoverage && CatchUpHolds;

    public static BandCheck Of(SustainedHold hold, PoolBand band)
    {
        var read = hold.Seconds.Where(s => s.PoolThreads is not null && s.Second < band.Band.Count).ToList();
        var inside = read.Count(s => s.PoolThreads >= Around(band, s.Second).Min(b => b.ThreadsLow)
            && s.PoolThreads <= Around(band, s.Second).Max(b => b.ThreadsHigh));
        var coverage = read.Count == 0 ? 0 : inside / (double)read.Count;
        return new BandCheck(hold.Concurrency, read.Count, coverage, hold.CaughtUpAt, band.CatchUp);
    }

    private static IEnumerable<BandSecond> Around(PoolBand band, int second) =>
        band.Band.Skip(Math.Max(0, second - 1)).Take(second == 0 ? 2 : 3);
}
