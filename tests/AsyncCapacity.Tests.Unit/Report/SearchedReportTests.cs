using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Report.View;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The report of a searched run: results-sleep-searched.json is the sleep pair of a real standard sweep here (schema 3:
/// the coarse pass, the search's probes and repeats, each with the pool's changes by reason and its threads grouped).
/// sync's knee was bracketed to 2–3 clients in 3 runs each; async climbed to 2,000 and stopped where k6 became the limit.
/// </summary>
public sealed class SearchedReportTests
{
    private static readonly ResultsDocument Run = Golden("results-sleep-searched.json");
    private static readonly ExperimentResult Sleep = Run.Experiments[0];
    private static readonly VariantResult Sync = Sleep.Variants.Single(v => v.Name == "sync");
    private static readonly VariantResult Async = Sleep.Variants.Single(v => v.Name == "async");

    [Fact]
    public void The_file_keeps_every_probe_and_marks_the_runs_that_decided_the_capacity()
    {
        // Assert
        Assert.Equal(ResultsDocument.CurrentSchemaVersion, Run.SchemaVersion);
        Assert.Equal([ProbePass.Coarse, ProbePass.Coarse, ProbePass.Coarse,
            ProbePass.Narrow, ProbePass.Narrow, ProbePass.Repeat, ProbePass.Repeat, ProbePass.Repeat, ProbePass.Repeat],
            Sync.Steps.Select(s => s.Pass!.Value));
        Assert.Equal([2, 2, 2, 3, 3, 3], Sync.Steps.Where(s => s.Decided).Select(s => s.Concurrency).Order());
        Assert.Equal((2, 3, new RunTally(3, 3), new RunTally(0, 3)),
            (Sync.Capacity!.Concurrency, Sync.Capacity.MissedAt!.Value, Sync.Capacity.Runs!, Sync.Capacity.MissedRuns!));
        Assert.Equal((2000, StoppedBy.LoadGenerator), (Async.Capacity!.Concurrency, Async.Capacity.AtLeastBecause!.Value));
        Assert.Equal(Saturation.LoadGenerator, Async.Steps.Single(s => s.Concurrency == 4000).Saturated);
    }

    [Fact]
    public void The_cards_say_the_capacity_how_sure_it_is_and_why_it_stopped_there()
    {
        // Act
        var text = VisibleText(HtmlReport.Render(Run));

        // Assert
        Assert.Contains("2–3; every run agreed (3 at 2, 3 at 3)", text, StringComparison.Ordinal);
        Assert.Contains("≥ 2,000", text, StringComparison.Ordinal);
        Assert.Contains("a lower bound: above it the load generator was the limit; 3 of 3 runs met", text, StringComparison.Ordinal);
        Assert.Matches(@"Why, at 3 clients \(the first load that missed\): the pool changed its thread goal by "
            + @"[^.]*ClimbingMove[^.]*; \d+ of \d+ pool threads in Thread\.Sleep ← SleepEndpoints\.Sync; "
            + @"1 pool thread held per request in flight \(2 probes' stacks; declared: threads\)\.", text);
        Assert.Contains("How the capacity was found", text, StringComparison.Ordinal);
        Assert.Contains("What the runtime said", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_step_table_lists_every_probe_by_load_then_run_the_deciding_runs_in_bold_with_what_the_runtime_said()
    {
        // Act
        var html = HtmlReport.Render(Run);
        var table = StepTableOf(html, Sleep, Sync);

        // Assert
        var rows = Regex.Matches(table, "<tr class=\"(step[^\"]*)\" data-concurrency=\"(\\d+)\">")
            .Select(m => (int.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture),
            m.Groups[1].Value.Contains("decided", StringComparison.Ordinal))).ToList();
        Assert.Equal([1, 2, 2, 2, 3, 3, 3, 10, 100], rows.Select(r => r.Item1));
        Assert.Equal(6, rows.Count(r => r.Item2));
        Assert.Equal("coarse pass", Cell(table, 1, "probe"));
        Assert.Contains("repeat (run 3)", table, StringComparison.Ordinal);
        Assert.Matches(@"^the runtime said: pool: Warmup \d+ \([^)]*\).*pool threads? in Thread\.Sleep ← SleepEndpoints\.Sync",
            RuntimeSaid(table, 1));
    }

    [Fact]
    public void The_charts_draw_each_loads_median_and_every_probe_around_it_on_a_logarithmic_load_axis()
    {
        // Act
        var throughput = ReportModel.Of(Run).Experiments[0][0];

        // Assert
        Assert.Equal("logarithmic", throughput.Axes["x"].Type);
        var line = throughput.Datasets.Single(d => d.Label == "sync (blocking)");
        Assert.Equal([1, 2, 3, 10, 100], line.Points.Select(p => p.X));
        Assert.Equal("crossRot", line.Points.Single(p => p.X == 3).Style);
        var probes = throughput.Datasets.Single(d => d.Label == "sync: every probe");
        Assert.False(probes.ShowLine);
        Assert.Equal(Sync.Steps.Count, probes.Points.Count);
        Assert.Equal(3, probes.Points.Count(p => p.Style == "rectRot"));
        Assert.Contains(probes.Points,
            p => p.Label!.StartsWith("sync, repeat (run 2) at 2 clients: 4.0 req/s, met", StringComparison.Ordinal));
    }

    [Fact]
    public void The_timeline_marks_where_the_pool_raised_its_thread_goal_and_by_what_reason()
    {
        // Act
        var timeline = ReportModel.Of(Run).Experiments[0].First(c => c.Kind == "timeline" && c.Variant == 0);

        // Assert
        var climbing = timeline.Datasets.Single(d => d.Label == "threads added: hill climbing");
        Assert.NotEmpty(climbing.Points);
        Assert.All(climbing.Points, p => Assert.Contains("to the pool's goal", p.Label!, StringComparison.Ordinal));
        Assert.DoesNotContain(timeline.Datasets, d => d.Label == "threads added: cooperative blocking");
    }
}
