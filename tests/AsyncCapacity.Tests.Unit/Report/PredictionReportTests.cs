using System.Net;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>Predicted, then measured: the laws' bound beside every capacity, where a reader meets the capacity.</summary>
public sealed class PredictionReportTests
{
    private static readonly ResultsDocument Searched = Golden("results-sleep-searched.json");

    [Theory]
    [InlineData(0, 0, "")]
    [InlineData(0, 0, "drew no curve here (sync: fit; async: fit).")]
    [InlineData(2, 0, "fitted to its medians (sync: fit; async: fit).")]
    [InlineData(2, 1, "fitted to its medians, a star at its peak where that lies within the loads measured (sync: fit; async: fit).")]
    public void The_throughput_charts_caption_names_a_curve_and_a_star_only_where_one_is_drawn(int curves, int stars, string expected)
    {
        // Act
        var note = AsyncCapacity.Report.View.ThroughputChart.FitNote(
            expected.Length == 0 ? [] : ["sync: fit", "async: fit"], curves, stars);

        // Assert
        Assert.EndsWith(expected, note, StringComparison.Ordinal);
        Assert.Equal(stars > 0 && curves > 0, note.Contains("star", StringComparison.Ordinal));
    }

    [Fact]
    public void A_run_read_from_results_json_gets_every_variants_prediction()
    {
        // Act: the golden run predates predictions; reading it fills them in.
        var variants = Searched.Experiments.Single().Variants;

        // Assert: Thread.Sleep(500) on the pool's 2 threads: 2 clients, as measured; Task.Delay: the machine's CPU.
        var sync = variants.Single(v => v.Name == "sync").Prediction!;
        Assert.Equal((2, ResourceKind.Threads, PredictionOutcome.AsPredicted), (sync.Load, sync.Binding.Resource, sync.Outcome));
        var async = variants.Single(v => v.Name == "async").Prediction!;
        Assert.Equal(ResourceKind.MachineCpu, async.Binding.Resource);
        Assert.Contains(async.Bounds, b => b.Resource == ResourceKind.Cpu && b.Load > async.Load);
        Assert.Contains("\"binding\": {", ResultsJson.Serialize(Searched), StringComparison.Ordinal);
    }

    [Fact]
    public void The_cards_and_the_glance_table_put_the_prediction_beside_the_capacity()
    {
        // Act
        var html = HtmlReport.Render(Searched);
        var text = VisibleText(html);

        // Assert
        Assert.Contains("Predicted 2–3 clients, bound by pool threads: 2 threads (the pool's minimum) ÷ 500 ms each = 4.0 req/s. "
            + "Measured 2: within the prediction. The pool does not grow within a probe: starvation injection adds a thread only "
            + "after 500 ms without a queued work item taken, and here a thread frees every 250 ms.",
            text, StringComparison.Ordinal);
        Assert.Contains("Measured ≥ 2,000: within the prediction. k6 used 54% of the machine's CPUs at 2,000 clients. "
            + "The app's own limit by the laws (without k6 on its cores): "
            + "≈ 7,852–23,522 clients, the app's CPU: 2 cores ÷ 85 µs of CPU per request",
            text, StringComparison.Ordinal);
        Assert.Contains("2–3 clients (pool threads): within the prediction", text, StringComparison.Ordinal);
        Assert.All(
            ["Little's law", "Utilization law", "Asymptotic bounds", "Predicted, then measured", "The pool's growth", "Universal Scalability Law"],
            term => Assert.Contains($"<dt>{WebUtility.HtmlEncode(term)}</dt>", html, StringComparison.Ordinal));
        Assert.Contains("Quantitative System Performance", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_shows_the_prediction_move_with_the_knob_that_moves_the_binding_resource()
    {
        // Arrange: the same steps, read as a run with 4 minimum threads (--min-threads 4).
        var four = Predictions.Attach(Searched with
        {
            Run = Searched.Run with { Settings = Searched.Run.Settings with { MinWorkerThreads = 4 } },
            Experiments = [.. Searched.Experiments.Select(
                e => e with { Variants = [.. e.Variants.Select(v => v with { Prediction = null })] })],
        });

        // Act
        var text = CompareText.Render(RunComparison.Of([new("2 threads", Searched), new("4 threads", four)], new NoiseRule(10)));

        // Assert: 2 threads predict 2–3 clients; 4 predict 4–7, and the same measurement of 2 is then below it.
        Assert.Contains("predicted by the laws: 2–3 clients (pool threads), measured within the prediction "
            + "→ 4–7 clients (pool threads), measured below the prediction (−50% of 4)",
            text, StringComparison.Ordinal);
    }
}
