using MathNet.Numerics.Statistics;
using AsyncCapacity.Lab.Pool;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>
/// The pool's growth forecast by the runtime's own rules: the same load simulated with many seeds (<see cref="PoolSimulation"/>),
/// read as a held load is read (<see cref="CatchUpFinder"/>): a band for the pool's threads and the p95 second by second (the
/// 10th to the 90th percentile of the runs), and when each run caught up. Where the runs part, so does the band: hill climbing's
/// random intervals and its noisy signal are the spread, not an error.
/// </summary>
public static class PoolForecast
{
    public const int DefaultRuns = 20;

    public const double Low = 0.1;

    public const double High = 0.9;

    public static PoolBand Of(PoolShape shape, HoldTerms terms, int seconds, int runs = DefaultRuns, int seed = 1)
    {
        var simulated = Simulate(shape, seconds, runs, seed, until: null);
        var band = Enumerable.Range(0, seconds).Select(second =>
        {
            var threads = simulated.Select(run => (double)(run[second].PoolThreads ?? 0)).Order().ToList();
            var p95s = simulated.Select(run => run[second].P95Ms).OfType<double>().Order().ToList();
            double? P95(double q) => p95s.Count == 0 ? null : Quantile(p95s, q);
            return new BandSecond(second, (int)Quantile(threads, Low), (int)Quantile(threads, 0.5),
                (int)Math.Ceiling(Quantile(threads, High)), P95(Low), P95(0.5), P95(High));
        }).ToList();
        return new PoolBand(shape, seconds, band, CatchUpOf(simulated, terms));
    }

    /// <summary>The catch-up alone, each run simulated only until a measured held load would have ended (caught up, and met
    /// since for the confirmation span): what a sweep forecasts before it holds a load, in a fraction of the band's time.</summary>
    public static CatchUpBand CatchUp(PoolShape shape, HoldTerms terms, int seconds, int runs = DefaultRuns, int seed = 1) =>
        CatchUpOf(Simulate(shape, seconds, runs, seed, terms.MayEnd), terms);

    /// <summary>The runs, one per seed, on the cores there are: each is its own seeded simulation, so the band is the same.</summary>
    private static List<IReadOnlyList<HeldSecond>> Simulate(PoolShape shape, int seconds, int runs, int seed,
        Func<IReadOnlyList<HeldSecond>, bool>? until) =>
        [.. Enumerable.Range(seed, runs).AsParallel().AsOrdered().Select(s => PoolSimulation.Run(shape, seconds, s, until))];

    private static CatchUpBand CatchUpOf(List<IReadOnlyList<HeldSecond>> simulated, HoldTerms terms)
    {
        var at = simulated.Select(run => CatchUpFinder.FirstConfirmed(run, terms)).OfType<int>().Select(s => (double)s).Order().ToList();
        return new CatchUpBand(simulated.Count, at.Count, at.Count == 0 ? null : Quantile(at, Low),
            at.Count == 0 ? null : Quantile(at, 0.5), at.Count == 0 ? null : Quantile(at, High));
    }

    /// <summary>The shape of a variant's held load as the laws read its probes.</summary>
    public static PoolShape ShapeOf(PoolFacts facts, int clients, int? minThreads = null, double cpuMs = 0.15) => PoolShape.Of(
        facts.By == PoolInjection.CooperativeBlocking ? Blocking.WaitsOnTask : Blocking.Sleeps, clients, facts.HoldSeconds * 1000,
        facts.Processors, minThreads ?? facts.MinThreads, cpuMs);

    /// <summary>Linear between the order statistics (R's type 7, numpy's default).</summary>
    private static double Quantile(List<double> sorted, double q) =>
        SortedArrayStatistics.QuantileCustom([.. sorted], q, QuantileDefinition.R7);
}

/// <summary>The simulated runs of one load: its band second by second and its catch-up.</summary>
public sealed record PoolBand(PoolShape Shape, int Seconds, IReadOnlyList<BandSecond> Band, CatchUpBand CatchUp);

/// <summary>One second's band: the pool's threads and the p95 at the 10th, 50th and 90th percentile of the runs.</summary>
public sealed record BandSecond(int Second, int ThreadsLow, int Threads, int ThreadsHigh, double? P95Low, double? P95, double? P95High);
