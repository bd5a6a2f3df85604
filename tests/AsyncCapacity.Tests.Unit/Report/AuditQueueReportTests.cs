using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The audit experiment's report, from the audit-queue gauge it lists: its timelines show the audit queue and the 503
/// rate, its step tables say that an error is a "503 Server Too Busy (queue full)", and no other experiment says a word
/// about either. results-audit.json is the audit experiment of a real quick run (steps 1 to 400) on a busy 2-core
/// machine, in schema 1: read back, it lists the connection pool too (<see cref="ReportPages.AsDeclared"/>).
/// </summary>
public sealed class AuditQueueReportTests
{
    private const string Rejection = "503 Server Too Busy (queue full)";

    private static readonly ResultsDocument Audit = Golden("results-audit.json");
    private static readonly ResultsDocument Content = Golden("results-content.json");
    private static readonly ResultsDocument Db = Golden("results-db.json");
    private static readonly ResultsDocument Sleep = Golden("results-sleep.json");

    [Fact]
    public void The_audit_golden_is_a_real_run_with_entries_queued_for_the_writers_and_no_refusal()
    {
        // Arrange, Act
        var audit = Assert.Single(Audit.Experiments);

        // Assert
        Assert.Equal("audit", audit.Name);
        Assert.Equal(["bounded", "async"], audit.Variants.Select(v => v.Name));
        Assert.True(audit.Variants[0].Blocking);
        Assert.All(audit.Variants, v => Assert.Contains(v.Timeline, s => s.Gauge(GaugeKeys.AuditQueued) > 0));
        Assert.All(audit.Variants.SelectMany(v => v.Timeline), s => Assert.Equal(0, s.Gauge(GaugeKeys.AuditRejected)));
        Assert.All(audit.Variants.SelectMany(v => v.Steps), s => Assert.Equal(0, s.Errors));
    }

    [Fact]
    public void The_audit_timelines_show_the_audit_queue_beside_the_thread_pool()
    {
        // Arrange
        var document = AsDeclared(Audit);

        // Act
        var text = VisibleText(HtmlReport.Render(document));

        // Assert
        Assert.Contains("Thread pool and audit queue over time: bounded", text, StringComparison.Ordinal);
        Assert.Contains("Thread pool and audit queue over time: async", text, StringComparison.Ordinal);
        Assert.Contains("Dashed, right axis: queued work items and audit entries queued.", text, StringComparison.Ordinal);
        Assert.DoesNotContain("connection pool", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Long dashes", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_schema_1_audit_run_shows_every_gauge_it_lists_the_connection_pool_and_the_audit_queue()
    {
        // Arrange
        Assert.Equal(["connection-pool", "audit-queue", "server-time"], Audit.Experiments[0].Gauges);

        // Act
        var text = VisibleText(HtmlReport.Render(Audit));

        // Assert
        Assert.Contains("Thread pool, connection pool and audit queue over time: bounded", text, StringComparison.Ordinal);
        Assert.Contains("Dashed, right axis: queued work items, waiting for a connection and audit entries queued.",
            text, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_a_single_refusal_the_timeline_caption_says_there_was_none()
    {
        // Arrange, Act
        var text = VisibleText(HtmlReport.Render(AsDeclared(Audit)));

        // Assert
        Assert.Contains("Flat at zero: 503 (queue full) per second, none in this experiment.", text, StringComparison.Ordinal);
        Assert.DoesNotContain("outer right axis", text, StringComparison.Ordinal);
    }

    [Fact]
    public void With_refusals_the_timeline_caption_explains_the_503_rate_and_the_restarts()
    {
        // Arrange
        var document = WithRefusals(Audit, 120, 0);

        // Act
        var text = VisibleText(HtmlReport.Render(document));

        // Assert
        Assert.Contains(
            "Filled, outer right axis: 503 (queue full) per second, the rise of a running count between two samples ÷ the seconds "
            + "between them; a fresh app process restarts that count, so no rate spans a restart.",
            text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_step_tables_of_the_audit_experiment_say_their_errors_are_503_queue_full()
    {
        // Arrange
        var html = HtmlReport.Render(Audit);
        var experiment = Audit.Experiments[0];

        foreach (var variant in experiment.Variants)
        {
            // Act
            var id = StepTable.Id(experiment, variant);
            var note = Regex.Match(html,
                $"<table class=\"steps\" id=\"{id}\">.*?</table></div><p class=\"table-note\">(.*?)</p>",
                RegexOptions.Singleline);
            var errorCells = Regex.Matches(StepTableOf(html, experiment, variant),
                "<td class=\"num[^\"]*\" title=\"([^\"]*)\">[^<]*%</td>");

            // Assert
            Assert.True(note.Success, $"no note under {id}");
            Assert.Equal($"Errors: {Rejection}. Timeouts and refused connections, if any, count too.", VisibleText(note.Groups[1].Value));
            Assert.Equal(variant.Steps.Count,
                errorCells.Count(m => m.Groups[1].Value.EndsWith($"requests: {Rejection}", StringComparison.Ordinal)));
        }
    }

    [Fact]
    public void Experiments_without_an_audit_log_say_nothing_about_it()
    {
        foreach (var document in new[] { Sleep, Db, Content })
        {
            // Arrange
            Assert.All(document.Experiments, e => Assert.DoesNotContain("audit-queue", e.Gauges ?? []));

            // Act
            var html = HtmlReport.Render(document);
            var text = VisibleText(html);

            // Assert
            Assert.DoesNotContain("audit", text, StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain("Server Too Busy", text, StringComparison.Ordinal);
            Assert.DoesNotContain("<p class=\"table-note\">", html, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_mixed_run_keeps_the_connection_pool_for_db_and_the_audit_queue_for_audit()
    {
        // Arrange
        var document = Db with { Experiments = [.. Db.Experiments, .. AsDeclared(Audit).Experiments] };

        // Act
        var text = VisibleText(HtmlReport.Render(document));

        // Assert
        Assert.Contains("Thread pool and connection pool over time: sync", text, StringComparison.Ordinal);
        Assert.Contains("Thread pool and audit queue over time: bounded", text, StringComparison.Ordinal);
        Assert.DoesNotContain("connection pool over time: bounded", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_how_to_read_footer_explains_the_audit_queue_and_the_503_rate()
    {
        // Arrange, Act
        var footer = Regex.Match(HtmlReport.Render(Audit), "<footer class=\"how-to-read\">.*?</footer>", RegexOptions.Singleline);

        // Assert
        Assert.True(footer.Success);
        var text = VisibleText(footer.Value);
        Assert.Contains("Audit queue", text, StringComparison.Ordinal);
        Assert.Contains("the service answers 503 Server Too Busy at once: those answers are the errors in the step tables.",
            text, StringComparison.Ordinal);
        Assert.Contains("no rate is drawn across a restart", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_embedded_results_of_the_audit_run_read_back_with_their_audit_samples()
    {
        // Arrange
        var html = HtmlReport.Render(Audit);

        // Act
        var embedded = EmbeddedResults(html);

        // Assert
        Assert.Equal(Audit.Run, embedded.Run with { Settings = Audit.Run.Settings });
        Assert.Equal(Audit.Run.Settings.Steps, embedded.Run.Settings.Steps);
        foreach (var (expected, actual) in Audit.Experiments[0].Variants.Zip(embedded.Experiments[0].Variants, (e, a) => (e, a)))
        {
            Assert.Equal(expected.Capacity, actual.Capacity);
            Assert.Equal(expected.Steps.Select(s => (s.Errors, s.ErrorRate, s.P95Ms)),
                actual.Steps.Select(s => (s.Errors, s.ErrorRate, s.P95Ms)));
            SameSamples(expected.Timeline, actual.Timeline);
        }
    }
}
