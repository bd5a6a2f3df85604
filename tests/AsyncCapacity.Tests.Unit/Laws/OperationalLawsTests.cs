using AsyncCapacity.Lab.Laws;

namespace AsyncCapacity.Tests.Laws;

public sealed class OperationalLawsTests
{
    [Theory]
    // SLA s, R₀ s, units, hold s → clients: seed 001's 2 threads × 500 ms under a 1 s p95 serve 2 (a third waits a whole hold).
    [InlineData(1.0, 0.502, 2, 0.500, 2)]
    [InlineData(1.0, 0.502, 4, 0.500, 4)]
    [InlineData(1.0, 0.502, 16, 0.500, 16)]
    // 100 connections × 51 ms: a request may wait 18 holds within a 1 s p95.
    [InlineData(1.0, 0.052, 100, 0.051, 1900)]
    // The SLA is tighter than one request alone: nothing fits.
    [InlineData(0.1, 0.502, 2, 0.500, 0)]
    // Exactly at the SLA: within it (the judge's rule is p95 ≤ SLA).
    [InlineData(1.0, 0.5, 2, 0.5, 4)]
    public void A_fixed_hold_allows_units_times_the_holds_that_fit_in_the_SLA(
        double sla, double r0, double units, double hold, int expected) =>
        Assert.Equal(expected, OperationalLaws.ClientsWithinFixedHold(sla, r0, units, hold));

    [Theory]
    // 2 cores, 90 µs of CPU each: D_max = 45 µs; p95 ≈ ln 20 × N × D_max ≤ 1 s.
    [InlineData(1.0, 0.5, 0.000045, 7417)]
    [InlineData(0.1, 0.001, 0.001, 33)]
    [InlineData(1.0, 2.0, 0.001, 0)]
    public void A_shared_cpu_allows_the_clients_whose_spread_mean_stays_within_the_SLA(
        double sla, double r0, double demand, int expected) =>
        Assert.Equal(expected, OperationalLaws.ClientsWithinShared(sla, r0, demand));

    [Theory]
    // N, R₀, D_max → X ≤ min(N ÷ R₀, 1 ÷ D_max) and R ≥ max(R₀, N × D_max).
    [InlineData(1, 0.5, 0.25, 2, 0.5)]
    [InlineData(2, 0.5, 0.25, 4, 0.5)]
    [InlineData(10, 0.5, 0.25, 4, 2.5)]
    [InlineData(1000, 0.5, 0.0001, 2000, 0.5)]
    public void The_asymptotic_bounds_cap_throughput_and_floor_response_time(
        int n, double r0, double dMax, double maxRps, double minResponse)
    {
        Assert.Equal(maxRps, OperationalLaws.MaxThroughput(n, r0, dMax), 6);
        Assert.Equal(minResponse, OperationalLaws.MinResponse(n, r0, dMax), 6);
        Assert.Equal(Math.Floor(1.0 / dMax), OperationalLaws.ClientsWithinMean(1.0, r0, dMax));
    }

    [Fact]
    public void Service_demand_is_busy_time_over_completions_and_Littles_law_multiplies_rate_by_time()
    {
        Assert.Equal(0.000065, OperationalLaws.Demand(0.65, 10_000), 9);
        Assert.Equal(1000, OperationalLaws.Clients(2000, 0.5), 9);
        Assert.Throws<ArgumentOutOfRangeException>(() => OperationalLaws.Demand(1, 0));
    }
}
