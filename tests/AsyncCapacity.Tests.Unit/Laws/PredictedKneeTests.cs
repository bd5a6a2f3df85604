using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Laws;

/// <summary>The knee the search probes after the lightest step, from that probe alone, as the sweep asks for it.</summary>
public sealed class PredictedKneeTests
{
    [Fact]
    public void After_the_lightest_probe_the_blocking_sleep_is_predicted_at_its_threads_and_the_awaiting_one_has_no_bound_yet()
    {
        // Arrange: the sleep pair's first probes (1 client) of a standard sweep
        var run = Golden("results-sleep-searched.json");
        var sleep = run.Experiments[0];

        // Act
        var sync = PredictedKnee.Of(FirstProbeOnly(sleep, "sync"), "sync", run.Run);
        var async = PredictedKnee.Of(FirstProbeOnly(sleep, "async"), "async", run.Run);

        // Assert: 2 threads ÷ 500 ms within a 1 s SLA: 2 clients (measured 2); 1 client's 14 requests measure no CPU per request
        Assert.Equal(2, sync);
        Assert.Null(async);
    }

    private static ExperimentResult FirstProbeOnly(ExperimentResult experiment, string name)
    {
        var variant = experiment.Variants.Single(v => v.Name == name);
        return experiment with { Variants = [variant with { Steps = [variant.Steps[0]], Capacity = null, Prediction = null }] };
    }
}
