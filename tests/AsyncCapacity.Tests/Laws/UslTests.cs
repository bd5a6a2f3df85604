using AsyncCapacity.Report.Laws;
using UslFitter = AsyncCapacity.Report.Laws.Usl;

namespace AsyncCapacity.Tests.Laws;

public sealed class UslTests
{
    private static readonly int[] Loads = [1, 2, 5, 10, 20, 50, 100, 200];

    private static readonly int[] CappedLoads = [1, 2, 3, 5, 10, 20, 50];

    private static readonly int[] K6Loads = [1, 10, 100, 1000, 2000, 4000];

    private static double Usl(double lambda, double sigma, double kappa, double n) => lambda * n / (1 + (sigma * (n - 1)) + (kappa * n * (n - 1)));

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
        Assert.True(fit.Fits, $"R² {fit.RSquared}, off by {fit.MaxErrorPercent}%: {fit.Why}");
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
    public void A_hard_cap_does_not_fit_and_says_it_is_a_limit_not_contention()
    {
        // Arrange: 2 threads × 500 ms: X = min(N ÷ 0.5, 4), flat from 2 clients on (seed 001).
        var curve = CappedLoads.Select(n => new CurvePoint(n, Math.Min(n / 0.5, 4))).ToList();

        // Act
        var fit = UslFitter.Fit(curve);

        // Assert
        Assert.False(fit.Fits);
        Assert.Contains("hard limit", fit.Why);
    }

    [Fact]
    public void Too_few_loads_are_not_fitted()
    {
        var fit = UslFitter.Fit([new(1, 2), new(10, 20), new(100, 180)]);

        Assert.False(fit.Fits);
        Assert.Equal(0, fit.Lambda);
        Assert.Equal("too few loads to fit: 3, 4 needed", fit.Why);
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
        Assert.Equal("too few loads to fit: 3 where k6 kept up (3 left out, k6 short of CPU there), 4 needed", fit.Why);
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
