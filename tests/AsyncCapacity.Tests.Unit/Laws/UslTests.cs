using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using UslFitter = AsyncCapacity.Lab.Laws.Usl;

namespace AsyncCapacity.Tests.Laws;

public sealed class UslTests
{
    private static readonly int[] Loads = [1, 2, 5, 10, 20, 50, 100, 200];

    private static readonly int[] CappedLoads = [1, 2, 3, 5, 10, 20, 50];

    private static readonly int[] K6Loads = [1, 10, 100, 1000, 2000, 4000];

    private static double Usl(double lambda, double sigma, double kappa, double n) => UslFit.Throughput(lambda, sigma, kappa, n);

    /// <summary>Published data sets and the coefficients their tools fitted: the fit must land within 1% of them.</summary>
    public static TheoryData<string, double[], double[], double, double, double, double> Published => new()
    {
        // Schwartz's Cisco benchmark ("Practical Scalability Analysis with the USL"), as usl4j's ModelTest fits it:
        // https://github.com/codahale/usl4j/blob/master/src/test/java/com/codahale/usl4j/tests/ModelTest.java
        {
            "usl4j, Cisco",
            [.. Enumerable.Range(1, 32).Select(n => (double)n)],
            [
                955.16, 1878.91, 2688.01, 3548.68, 4315.54, 5130.43, 5931.37, 6531.08, 7219.8, 7867.61, 8278.71, 8646.7,
                9047.84, 9426.55, 9645.37, 9897.24, 10097.6, 10240.5, 10532.39, 10798.52, 11151.43, 11518.63, 11806,
                12089.37, 12075.41, 12177.29, 12211.41, 12158.93, 12155.27, 12118.04, 12140.4, 12074.39,
            ],
            0.02671591, 7.690945e-4, 995.6486, 35.57
        },
        // Gunther's SPEC SDM91 (Sun SPARCcenter 2000; "Guerrilla Capacity Planning", 2007, chapter 5), R usl's specsdm91
        // data set (https://github.com/smoeding/usl, man/specsdm91.Rd; peak: tests/peak-scalability.Rout.save).
        {
            "R usl, specsdm91",
            [1, 18, 36, 72, 108, 144, 216],
            [64.9, 995.9, 1652.4, 1853.2, 1828.9, 1775.0, 1702.2],
            0.0277285, 1.0437e-4, 89.9952, 96.5
        },
    };

    [Theory]
    [MemberData(nameof(Published))]
    public void The_fit_reproduces_the_coefficients_R_usl_and_usl4j_publish(
        string source, double[] loads, double[] throughputs, double sigma, double kappa, double lambda, double peak)
    {
        // Arrange
        var curve = loads.Select((n, i) => new CurvePoint(n, throughputs[i])).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert: within 1% of each published figure.
        Assert.Equal(UslWeighting.Unweighted, fit.Weighting);
        Assert.True(Math.Abs(fit.Sigma - sigma) <= sigma * 0.01, $"{source}: σ {fit.Sigma}, published {sigma}");
        Assert.True(Math.Abs(fit.Kappa - kappa) <= kappa * 0.01, $"{source}: κ {fit.Kappa}, published {kappa}");
        Assert.True(Math.Abs(fit.Lambda - lambda) <= lambda * 0.01, $"{source}: λ {fit.Lambda}, published {lambda}");
        Assert.True(Math.Abs(fit.PeakLoad!.Value - peak) <= peak * 0.01, $"{source}: peak at {fit.PeakLoad}, published {peak}");
        var peakRps = UslFit.Throughput(lambda, sigma, kappa, peak);
        Assert.True(Math.Abs(fit.PeakRps!.Value - peakRps) <= peakRps * 0.01, $"{source}: peak {fit.PeakRps}, published {peakRps}");
    }

    [Fact]
    public void The_relative_weighting_is_a_named_option_and_the_caption_says_which_was_used()
    {
        // Arrange: SPEC SDM91 again; weighted by 1 ÷ X², its lightest point (64.9 at 1 user) counts as much as the rest.
        double[] loads = [1, 18, 36, 72, 108, 144, 216];
        double[] throughputs = [64.9, 995.9, 1652.4, 1853.2, 1828.9, 1775.0, 1702.2];
        var curve = loads.Select((n, i) => new CurvePoint(n, throughputs[i])).ToList();

        // Act
        var (standard, relative) = (UslFitter.Fit(curve), UslFitter.Fit(curve, UslWeighting.Relative));

        // Assert: the light load fits closer, the curve as a whole worse than the standard fit; each caption names its method.
        Assert.Equal(UslWeighting.Relative, relative.Weighting);
        Assert.True(Math.Abs(relative.At(1) - 64.9) < Math.Abs(standard.At(1) - 64.9), $"λ {relative.Lambda} vs {standard.Lambda}");
        Assert.True(relative.RSquared < standard.RSquared, $"R² {relative.RSquared} weighted vs {standard.RSquared}");
        Assert.Contains("(least squares on throughput, as R's usl and usl4j fit it; R² 0.9",
            PredictionText.Usl(standard, LoadModel.Closed, "scripts/h"), StringComparison.Ordinal);
        Assert.Contains("(least squares on the relative error (1 ÷ X² weights); R²",
            PredictionText.Usl(relative, LoadModel.Closed, "scripts/h"), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(100, 0.05, 0.0002)]
    [InlineData(2000, 0.01, 0.00001)]
    [InlineData(50, 0.2, 0)]
    public void A_contention_curve_is_fitted_back_to_its_coefficients(double lambda, double sigma, double kappa)
    {
        // Arrange: the law itself, with ±2% of alternating noise, as a shared machine gives.
        var curve = Loads.Select((n, i) => new CurvePoint(n, Usl(lambda, sigma, kappa, n) * (i % 2 == 0 ? 1.02 : 0.98))).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert
        Assert.True(fit.Fits, $"R² {fit.RSquared}, off by {fit.MaxErrorPercent}%: {UslMissText.Of(fit.Why)}");
        Assert.Equal(lambda, fit.Lambda, lambda * 0.1);
        Assert.Equal(sigma, fit.Sigma, 0.02);
        Assert.Equal(kappa, fit.Kappa, 0.0001);
        if (kappa > 0)
        {
            Assert.Equal(Math.Sqrt((1 - sigma) / kappa), fit.PeakLoad!.Value, Math.Sqrt((1 - sigma) / kappa) * 0.25);
        }
        else
        {
            // No coherency: it levels off towards λ ÷ σ; noise may put a shallow peak at the edge, never inside the loads.
            Assert.True(fit.PeakLoad is null or >= 150, $"peak at {fit.PeakLoad}");
            Assert.Equal(lambda / sigma, fit.PeakRps!.Value, lambda / sigma * 0.15);
        }
    }

    [Fact]
    public void The_report_falls_back_to_relative_weights_only_where_the_standard_fit_misses_and_says_by_how_much()
    {
        // Arrange: await Task.Delay(500) from 1 to thousands of clients (2 to 4,000 req/s), and Schwartz's Cisco benchmark.
        var sleep = Report.ReportPages.Golden("results-sleep-searched.json").Experiments.Single();
        var curve = ThroughputCurve.Of(sleep.Variants.Single(v => v.Name == "async").Steps);
        var cisco = Published.Select(row => (double[])row[1]).First()
            .Select((n, i) => new CurvePoint(n, Published.Select(row => (double[])row[2]).First()[i])).ToList();

        // Act
        var (standard, reported) = (UslFitter.Fit(curve), UslFitter.ForReport(curve));

        // Assert: least squares on throughput misses the lightest loads; 1 ÷ X² weights fit, and the caption says why.
        Assert.False(standard.Fits);
        Assert.True(reported.Fits);
        Assert.Equal((UslWeighting.Relative, standard.MaxErrorPercent), (reported.Weighting, reported.UnweightedMissPercent));
        Assert.Contains("as least squares on throughput (R's usl) missed by up to",
            PredictionText.Usl(reported, sleep.Model, sleep.RateUnit), StringComparison.Ordinal);
        Assert.Equal(UslWeighting.Unweighted, UslFitter.ForReport(cisco).Weighting);
    }

    [Fact]
    public void A_hard_cap_does_not_fit_and_says_it_is_a_limit_not_contention()
    {
        // Arrange: 2 threads × 500 ms: X = min(N ÷ 0.5, 4), flat from 2 clients on (seed 001).
        var curve = CappedLoads.Select(n => new CurvePoint(n, Math.Min(n / 0.5, 4))).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert
        Assert.False(fit.Fits);
        Assert.Contains("hard limit", UslMissText.Of(fit.Why));
    }

    [Fact]
    public void Too_few_loads_are_not_fitted()
    {
        var fit = UslFitter.Fit([new(1, 2), new(10, 20), new(100, 180)]);

        Assert.False(fit.Fits);
        Assert.Equal(0, fit.Lambda);
        Assert.Equal("too few loads to fit: 3, 4 needed", UslMissText.Of(fit.Why));
    }

    [Fact]
    public void Loads_where_k6_was_short_of_CPU_are_left_out_and_said()
    {
        // Arrange: a linear climb whose top three loads measured k6, not the app.
        var curve = K6Loads
            .Select(n => new CurvePoint(n, n <= 100 ? 2.0 * n : 3000, LoadGeneratorBound: n > 100)).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert
        Assert.False(fit.Fits);
        Assert.Equal("too few loads to fit: 3 where k6 kept up (3 left out, k6 short of CPU there), 4 needed", UslMissText.Of(fit.Why));
    }

    [Fact]
    public void Loads_that_served_nothing_are_left_out_of_the_fit()
    {
        // Arrange: a collapse (every request timed out) is no point of the curve.
        var curve = Loads.Select(n => new CurvePoint(n, Usl(100, 0.05, 0.0002, n))).Append(new CurvePoint(1000, 0)).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert
        Assert.True(fit.Fits);
        Assert.Equal(Loads.Length, fit.Points);
    }
}
