using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The content experiment's report puts the client's latency next to the time inside the app (Server-Timing): a chart
/// of both medians by concurrency, and the server p50 column right after p50, in microseconds where it is that small.
/// Experiments whose handler time is a parameter (sleep, db) get no such chart. results-content.json is the content
/// experiment of a real quick run (steps 1 to 400) on a busy 2-core machine, so most steps carry a busy-machine flag.
/// </summary>
public sealed class ServerTimeReportTests
{
    private const string ChartTitle = "Client p50 vs server p50 by concurrency";

    private static readonly ResultsDocument Content = Golden("results-content.json");
    private static readonly ResultsDocument Db = Golden("results-db.json");
    private static readonly ResultsDocument Sleep = Golden("results-sleep.json");

    [Fact]
    public void The_content_golden_is_a_real_run_with_server_time_below_a_millisecond_on_every_step()
    {
        // Arrange, Act
        var content = Assert.Single(Content.Experiments);

        // Assert
        Assert.Equal("content", content.Name);
        Assert.Null(content.IdealRpsPerClient);
        Assert.Equal(["file", "memory"], content.Variants.Select(v => v.Name));
        Assert.True(content.Variants[0].Blocking);
        Assert.All(content.Variants, v => Assert.Equal([1, 10, 50, 100, 200, 400], v.Steps.Select(s => s.Concurrency)));
        Assert.All(content.Variants.SelectMany(v => v.Steps), s => Assert.InRange(s.ServerP50Ms!.Value, 0.001, 0.999));
        Assert.Contains(content.Variants.SelectMany(v => v.Steps), s => s.P50Ms > 10);
    }

    [Fact]
    public void The_content_experiment_gets_a_client_vs_server_chart_between_the_latency_chart_and_the_timelines()
    {
        // Arrange, Act
        var html = HtmlReport.Render(Content);

        // Assert
        Assert.Equal(["throughput", "latency", "server-time", "timeline", "timeline"], Charts(html, 0));
        Assert.Contains(
            $"<figure class=\"chart chart-wide\"><figcaption>{ChartTitle}</figcaption>", html, StringComparison.Ordinal);
    }

    [Fact]
    public void The_client_vs_server_chart_says_the_gap_is_time_spent_outside_the_handler()
    {
        // Arrange, Act
        var text = VisibleText(HtmlReport.Render(Content));

        // Assert
        Assert.Contains(
            "Log scale. Solid: p50 latency seen by the client (k6); dashed, same colour: p50 time inside the app (Server-Timing app;dur). "
            + "The gap between a variant's two lines is time spent outside the handler: waiting for a thread, in queues, "
            + "in the network stack and in k6 itself.",
            text, StringComparison.Ordinal);
    }

    [Fact]
    public void Experiments_whose_handler_time_is_a_parameter_get_no_client_vs_server_chart()
    {
        // Arrange
        Assert.All(Sleep.Experiments.Concat(Db.Experiments), e => Assert.NotNull(e.IdealRpsPerClient));

        foreach (var document in new[] { Sleep, Db })
        {
            // Act
            var html = HtmlReport.Render(document);

            // Assert
            Assert.DoesNotContain("data-chart=\"server-time\"", html, StringComparison.Ordinal);
            Assert.DoesNotContain(ChartTitle, html, StringComparison.Ordinal);
            Assert.DoesNotContain("Server time", VisibleText(html), StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_mixed_run_draws_the_client_vs_server_chart_only_for_the_content_experiment()
    {
        // Arrange
        var document = Db with { Experiments = [.. Sleep.Experiments, .. Db.Experiments, .. Content.Experiments] };

        // Act
        var html = HtmlReport.Render(document);

        // Assert
        for (var i = 0; i < document.Experiments.Count; i++)
        {
            Assert.Equal(document.Experiments[i].Name == "content", Charts(html, i).Contains("server-time"));
        }
    }

    [Fact]
    public void Every_step_table_puts_server_p50_right_after_p50()
    {
        foreach (var document in new[] { Content, Sleep, Db })
        {
            // Arrange
            var html = HtmlReport.Render(document);

            foreach (var experiment in document.Experiments)
            {
                foreach (var variant in experiment.Variants)
                {
                    // Act
                    var headers = Headers(StepTableOf(html, experiment, variant)).ToList();

                    // Assert
                    Assert.Equal(["Clients", "probe", "req/s", "p50", "server p50", "p95"], headers.Take(6));
                }
            }
        }
    }

    [Theory]
    [InlineData("file", 1, "110 µs", "13 µs")]
    [InlineData("file", 400, "92 ms", "21 µs")]
    [InlineData("memory", 10, "2.6 ms", "6 µs")]
    [InlineData("memory", 400, "52 ms", "6 µs")]
    public void Server_time_below_a_millisecond_reads_in_microseconds_next_to_the_clients_p50(
        string variantName, int concurrency, string p50, string serverP50)
    {
        // Arrange
        var experiment = Content.Experiments[0];
        var variant = experiment.Variants.Single(v => v.Name == variantName);

        // Act
        var table = StepTableOf(HtmlReport.Render(Content), experiment, variant);

        // Assert
        Assert.Equal(p50, Cell(table, concurrency, "p50"));
        Assert.Equal(serverP50, Cell(table, concurrency, "server p50"));
    }

    [Fact]
    public void Every_step_of_the_content_experiment_shows_its_own_server_time_in_microseconds()
    {
        // Arrange
        var html = HtmlReport.Render(Content);
        var experiment = Content.Experiments[0];

        foreach (var variant in experiment.Variants)
        {
            // Act
            var table = StepTableOf(html, experiment, variant);

            // Assert
            Assert.All(variant.Steps, step =>
            {
                Assert.Matches("^[0-9.]+ µs$", Cell(table, step.Concurrency, "server p50"));
            });
        }
    }

    [Fact]
    public void The_busy_machine_flags_of_the_real_run_are_shown_on_their_steps()
    {
        // Arrange
        var flagged = Content.Experiments[0].Variants.SelectMany(v => v.Steps.Where(s => s.Flags.Count > 0).Select(s => (v, s))).ToList();
        Assert.Contains(flagged, x => FlagText.All(x.s).Any(f => f.StartsWith("The machine's CPU was", StringComparison.Ordinal)));

        // Act
        var html = HtmlReport.Render(Content);
        var text = VisibleText(html);

        // Assert
        foreach (var (variant, step) in flagged)
        {
            Assert.StartsWith("⚠",
                Cell(StepTableOf(html, Content.Experiments[0], variant), step.Concurrency, "Clients"), StringComparison.Ordinal);
            Assert.All(FlagText.All(step), flag => Assert.Contains(flag, text, StringComparison.Ordinal));
        }
    }

    [Fact]
    public void The_embedded_results_of_the_content_run_read_back_with_their_server_times()
    {
        // Arrange
        var html = HtmlReport.Render(Content);

        // Act
        var embedded = EmbeddedResults(html);

        // Assert
        Assert.Equal(Content.Run, embedded.Run with { Settings = Content.Run.Settings });
        Assert.Null(embedded.Experiments[0].IdealRpsPerClient);
        foreach (var (expected, actual) in Content.Experiments[0].Variants.Zip(embedded.Experiments[0].Variants, (e, a) => (e, a)))
        {
            Assert.Equal(expected.Capacity, actual.Capacity);
            Assert.Equal(expected.Steps.Select(s => (s.P50Ms, s.ServerP50Ms)), actual.Steps.Select(s => (s.P50Ms, s.ServerP50Ms)));
            SameSamples(expected.Timeline, actual.Timeline);
        }
    }
}
