using AsyncCapacity.Lab.Results;
using MathNet.Numerics.LinearAlgebra;
using MathNet.Numerics.Optimization;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Laws;

public sealed record CurvePoint(double Load, double Rps, bool LoadGeneratorBound = false);

public static class ThroughputCurve
{
    public static IReadOnlyList<CurvePoint> Of(IReadOnlyList<StepResult> steps) =>
    [
        .. steps.GroupBy(s => s.Concurrency).OrderBy(g => g.Key).Select(g => new CurvePoint(
            g.Key, g.Select(s => s.Rps).Median(), g.Count(s => s.Saturated == Saturation.LoadGenerator) * 2 > g.Count())),
    ];
}

/// <summary>As R's usl (https://github.com/smoeding/usl, method "nls") and usl4j fit it (Gunther, "Guerrilla Capacity Planning",
/// 2007, chapter 4): nonlinear least squares on throughput, 0 ≤ σ ≤ 1, κ ≥ 0.</summary>
public static class Usl
{
    public const int MinimumPoints = 4;

    public const double MinimumRSquared = 0.95;

    public const double MaxErrorPercent = 20;

    public const double PeakReach = 10;

    /// <summary>Loads where k6 was short of CPU, or nothing was served, measure k6 or a collapse, not the app: left out.</summary>
    public static UslFit Fit(IReadOnlyList<CurvePoint> curve, UslWeighting weighting = UslWeighting.Unweighted)
    {
        var points = curve.Where(p => p.Rps > 0 && !p.LoadGeneratorBound).ToList();
        if (points.Count < MinimumPoints)
        {
            var k6 = curve.Count(p => p.LoadGeneratorBound);
            return NotFitted(points.Count, weighting, new(UslMissKind.TooFewLoads)
            {
                Points = points.Count,
                LeftOut = k6 > 0 ? k6 : null,
                Needed = MinimumPoints,
            });
        }

        var x = Vector<double>.Build.DenseOfEnumerable(points.Select(p => p.Load));
        var y = Vector<double>.Build.DenseOfEnumerable(points.Select(p => p.Rps));
        // Relative: each point weighted by 1 ÷ X², so 2 req/s and 5,000 req/s count alike.
        var weights = Vector<double>.Build.DenseOfEnumerable(
            points.Select(p => weighting == UslWeighting.Relative ? 1 / (p.Rps * p.Rps) : 1));
        var objective = ObjectiveFunction.NonlinearModel(Model, Gradient, x, y, weights);
        var guess = Vector<double>.Build.DenseOfArray([points[0].Rps / points[0].Load, 0.01, 0.0001]);
        var lower = Vector<double>.Build.DenseOfArray([1e-9, 0, 0]);
        var upper = Vector<double>.Build.DenseOfArray([1e9, 1, 1]);
        NonlinearMinimizationResult result;
        try
        {
            result = new LevenbergMarquardtMinimizer(maximumIterations: 2000).FindMinimum(objective, guess, lower, upper);
        }
        catch (Exception ex) when (ex is MaximumIterationsException or ArithmeticException)
        {
            return NotFitted(points.Count, weighting, new(UslMissKind.DidNotConverge) { Text = ex.Message });
        }

        var (lambda, sigma, kappa) = (result.MinimizingPoint[0], result.MinimizingPoint[1], result.MinimizingPoint[2]);
        var fitted = new UslFit(points.Count, lambda, sigma, kappa, 0, 0, false, null, null, null) { Weighting = weighting };
        var mean = y.Average();
        var residual = points.Sum(p => Math.Pow(p.Rps - fitted.At(p.Load), 2));
        var total = points.Sum(p => Math.Pow(p.Rps - mean, 2));
        var rSquared = total > 0 ? 1 - (residual / total) : 1;
        var maxError = points.Max(p => Math.Abs(fitted.At(p.Load) - p.Rps) / p.Rps) * 100;
        var fits = rSquared >= MinimumRSquared && maxError <= MaxErrorPercent;
        // A peak far beyond the loads measured is the noise's, not the curve's: there it levels off.
        double? peakLoad = kappa > 1e-12 && Math.Sqrt((1 - sigma) / kappa) is var peak && peak <= PeakReach * points[^1].Load ? peak : null;
        double? peakRps = peakLoad is { } n ? fitted.At(n) : sigma > 1e-12 ? lambda / sigma : null;
        return fitted with
        {
            RSquared = rSquared,
            MaxErrorPercent = maxError,
            Fits = fits,
            PeakLoad = peakLoad,
            PeakRps = peakRps,
            Why = fits ? null : new(UslMissKind.BendsSharply),
        };
    }

    /// <summary>On curves from 2 to 5,000 req/s the light loads weigh nothing beside the heavy ones: where the standard fit fails
    /// and 1 ÷ X² weights pass, those.</summary>
    public static UslFit ForReport(IReadOnlyList<CurvePoint> curve)
    {
        var standard = Fit(curve);
        return standard is { Fits: false, Lambda: > 0 } && Fit(curve, UslWeighting.Relative) is { Fits: true } relative
            ? relative with { UnweightedMissPercent = standard.MaxErrorPercent }
            : standard;
    }

    private static UslFit NotFitted(int points, UslWeighting weighting, UslMiss why) =>
        new(points, 0, 0, 0, 0, 0, false, null, null, why) { Weighting = weighting };

    private static Vector<double> Model(Vector<double> p, Vector<double> loads) => loads.Map(n => UslFit.Throughput(p[0], p[1], p[2], n));

    private static Matrix<double> Gradient(Vector<double> p, Vector<double> loads)
    {
        var jacobian = Matrix<double>.Build.Dense(loads.Count, 3);
        for (var i = 0; i < loads.Count; i++)
        {
            var n = loads[i];
            var d = 1 + (p[1] * (n - 1)) + (p[2] * n * (n - 1));
            jacobian[i, 0] = n / d;
            jacobian[i, 1] = -p[0] * n * (n - 1) / (d * d);
            jacobian[i, 2] = -p[0] * n * n * (n - 1) / (d * d);
        }

        return jacobian;
    }
}
