using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Analysis;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The websocket experiment, read in messages: k6's file of a starved blocking echo (k6-websocket-sync.json, a real
/// quick step of 1000 clients against /websocket/sync) and the report of a real quick run of both variants
/// (results-websocket.json, steps 10 to 1000, on a busy 2-core machine with k6 on the same cores).
/// </summary>
public sealed class WebSocketReportTests
{
    private static readonly string StarvedEcho =
        File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Golden", "k6-websocket-sync.json"));
    private static readonly ResultsDocument Run = Golden("results-websocket.json");

    [Fact]
    public void K6s_file_of_a_websocket_step_carries_its_sessions_connect_time_and_failures()
    {
        // Act
        var step = Assert.Single(K6ResultsFile.Parse(StarvedEcho, "k6-websocket-sync.json").Steps);

        // Assert
        Assert.Equal(("sync", 1000), (step.Variant, step.Concurrency));
        Assert.Equal(983L, step.ConnectionsFailed);
        Assert.Equal(0L, step.ConnectionsDropped);
        Assert.Equal(1506, step.ConnectMs?.P95);
    }

    [Fact]
    public void A_step_whose_sessions_failed_to_open_misses_the_SLA_and_says_how_many()
    {
        // Arrange
        var step = Assert.Single(K6ResultsFile.Parse(StarvedEcho, "k6-websocket-sync.json").Steps);

        // Act
        var result = StepAnalysis.Analyse(new StepRun(step, [], null), StepFactory.Terms(new Sla(100, 0), kind: LoadKind.WebSocket));

        // Assert
        Assert.False(result.MeetsSla);
        Assert.Equal(983L, result.ConnectionsFailed);
        Assert.Equal(1506, result.ConnectP95Ms);
        Assert.Contains("sessions-failed", result.Missed);
        // No echo came back and every session failed: all of the step's errors, none hidden behind "0%".
        Assert.Equal(0, result.Requests);
        Assert.Equal(983, result.Errors);
        Assert.Equal(1, result.ErrorRate);
        Assert.Contains(FlagText.All(result), f => f.StartsWith("983 sessions failed to open and 0 dropped", StringComparison.Ordinal));
    }

    [Fact]
    public void Lost_sessions_miss_the_SLA_even_when_every_echo_that_came_back_was_fast()
    {
        // Arrange: a fast step, but one session dropped
        var fast = new ProbeSamples("async", 10, 0, 2000, 8000, 60_000, 0, new Percentiles(1, 0, 1, 5, 2, 3, 4), null,
            ConnectionsFailed: 0, ConnectionsDropped: 1);

        // Act
        var dropped = StepAnalysis.Analyse(new StepRun(fast, [], null), StepFactory.Terms(new Sla(100, 0), kind: LoadKind.WebSocket));
        var held = StepAnalysis.Analyse(new StepRun(fast with { ConnectionsDropped = 0 }, [], null),
            StepFactory.Terms(new Sla(100, 0), kind: LoadKind.WebSocket));

        // Assert
        Assert.False(dropped.MeetsSla);
        Assert.True(held.MeetsSla);
    }

    [Fact]
    public void The_report_reads_messages_per_second_and_round_trips_and_shows_sessions_and_working_set_over_time()
    {
        // Arrange
        var websocket = Assert.Single(Run.Experiments);

        // Act
        var text = VisibleText(HtmlReport.Render(Run));

        // Assert
        Assert.Equal(LoadKind.WebSocket, websocket.Load);
        Assert.Equal("msg/s", websocket.RateUnit);
        Assert.Contains("msg/s", VerdictText.Of(websocket), StringComparison.Ordinal);
        Assert.Contains("msg/s", text, StringComparison.Ordinal);
        Assert.Contains("round trip", text, StringComparison.Ordinal);
        Assert.Contains("sessions open", text, StringComparison.Ordinal);
        Assert.Contains("working set (MiB)", text, StringComparison.Ordinal);
    }

    [Fact]
    public void In_the_real_run_the_blocking_echo_grows_threads_and_misses_the_SLA_while_the_awaited_one_holds_every_client()
    {
        // Arrange
        var websocket = Assert.Single(Run.Experiments);
        var sync = websocket.Variants.Single(v => v.Name == "sync");
        var async = websocket.Variants.Single(v => v.Name == "async");

        // Assert
        var (syncThreads, asyncThreads) = (sync.Steps.Max(s => s.ThreadsAtEnd), async.Steps.Max(s => s.ThreadsAtEnd));
        Assert.True(syncThreads > 2 * asyncThreads, $"at most {syncThreads} threads blocking, {asyncThreads} awaiting");
        Assert.All(sync.Steps.Where(s => s.Concurrency >= 100), s => Assert.False(s.MeetsSla));
        Assert.All(async.Steps, s => Assert.Equal(0L, (s.ConnectionsFailed ?? 0) + (s.ConnectionsDropped ?? 0)));
        Assert.True(async.Capacity?.Concurrency > sync.Capacity?.Concurrency, $"async {async.Capacity}, sync {sync.Capacity}");
    }
}
