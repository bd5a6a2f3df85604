using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// `capacity compare` of a quick run (6 s under load) and a standard one (10 s): lab 7's as recorded on 2026-11-26 (kept in
/// tests/Shared/Golden/recorded) and docs/workshop/runs' standard one. A blocking
/// variant whose pool grew during its probes is judged at two points of a rising curve, so the difference is said, not called a
/// change, and does not trip the gate; the async variant, whose pool did not hold it back, is judged as before, and so is a change
/// the horizon cannot explain (higher in less time under load). CompareCommandTests runs the gate on them.
/// </summary>
public sealed class HorizonCompareTests
{
    private static readonly string Runs = Path.Combine(Repository.Root, "docs", "workshop", "runs");

    private static readonly NoiseRule Noise = new(NoiseRule.DefaultPercent);

    [Fact]
    public void A_quick_and_a_standard_run_of_websocket_sync_say_the_horizons_differ_instead_of_calling_a_change()
    {
        // Act
        var comparison = RunComparison.Of([new("quick", Recorded("websocket-1")), new("standard", Read("standard-all-six"))], Noise);

        // Assert: sync 35 (6 s, the pool 20 → 36) against 54 (10 s, 20 → 53): significant by its probes, and not a change
        var websocket = comparison.Experiments.Single(e => e.Name == "websocket");
        var sync = websocket.Variants.Single(v => v.Name == "sync");
        var change = sync.CapacityChanges[1]!;
        Assert.Equal(CapacityChangeKind.HorizonsDiffer, change.Kind);
        Assert.StartsWith("not judged: the horizons differ (6 s → 10 s) and the pool grew during the probes "
            + "(20 → 36 threads; 20 → 53 threads)", change.Text, StringComparison.Ordinal);
        Assert.Contains("(the knees' ratio: +53% (95%: +", change.Text, StringComparison.Ordinal);
        Assert.Equal([6.0, 10.0], sync.Horizons.Select(h => h.Seconds!.Value));
        Assert.NotEqual(CapacityChangeKind.HorizonsDiffer, websocket.Variants.Single(v => v.Name == "async").CapacityChanges[1]!.Kind);
    }

    [Fact]
    public void A_fall_between_horizons_where_the_pool_grew_does_not_fail_the_gate()
    {
        // Act: the standard run as the baseline: sync falls from 54 to 35, significantly by its probes
        var comparison = RunComparison.Of([new("standard", Read("standard-all-six")), new("quick", Recorded("websocket-1"))], Noise);

        // Assert
        var change = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").CapacityChanges[1]!;
        Assert.Equal(CapacityChangeKind.HorizonsDiffer, change.Kind);
        Assert.True(change.Knee!.FellBy(20), $"the knees' ratio alone would fail a 20% gate: {change.Knee}");
        Assert.False(change.FellBy(20), change.Text);
    }

    [Fact]
    public void A_quick_run_whose_knee_rests_on_lengthened_probes_is_another_horizon_too()
    {
        // Act: lab 7's TLS run judged sync on probes lengthened to 18 s (a thin window), the plain run on 6 s ones
        var comparison = RunComparison.Of([new("ws", Recorded("websocket-1")), new("wss", Recorded("websocket-tls-1"))], Noise);

        // Assert
        var sync = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync");
        Assert.Equal([6.0, 18.0], sync.Horizons.Select(h => h.Seconds!.Value));
        Assert.Equal(CapacityChangeKind.HorizonsDiffer, sync.CapacityChanges[1]!.Kind);
    }

    [Fact]
    public void A_change_against_the_horizon_is_called_as_before()
    {
        // Act: sleep sync judged at 13 s (default pool) against 6 s (--min-threads 16): higher in less time under load
        var comparison = RunComparison.Of([new("default", Recorded("sleep-sync-1")), new("min16", Recorded("sleep-sync-min-threads-16"))],
            Noise);

        // Assert
        var sync = comparison.Experiments.Single().Variants.Single();
        Assert.Equal([13.0, 6.0], sync.Horizons.Select(h => h.Seconds!.Value));
        Assert.Equal(CapacityChangeKind.Higher, sync.CapacityChanges[1]!.Kind);
    }

    private static ResultsDocument Read(string name) => RecordedRun.Read(Path.Combine(Runs, $"{name}.json"));

    private static ResultsDocument Recorded(string name) => GoldenAsStored(Path.Combine("recorded", $"{name}.json"));
}
