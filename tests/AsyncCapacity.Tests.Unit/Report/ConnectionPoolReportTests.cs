using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The db experiment's report: the run header names the database and its pool, the step tables carry the connection
/// pool beside the thread pool, and none of it appears for an experiment without a database. results-db.json is a
/// real quick run against PostgreSQL (steps 1, 50, 200); results-sleep.json a real standard run without a database.
/// </summary>
public sealed class ConnectionPoolReportTests
{
    private const string PoolWait = "pool wait";
    private const string WaitingForAConnection = "waiting for a connection";

    private static readonly ResultsDocument Db = Golden("results-db.json");
    private static readonly ResultsDocument Sleep = Golden("results-sleep.json");

    [Fact]
    public void The_db_golden_is_a_PostgreSQL_run_with_pool_figures_on_every_step()
    {
        // Arrange, Act
        var db = Assert.Single(Db.Experiments);

        // Assert
        Assert.Equal("db", db.Name);
        Assert.Equal("PostgreSQL", Db.Run.DatabaseProvider);
        Assert.Equal(100, Db.Run.DatabasePoolSize);
        Assert.All(db.Variants, v => Assert.Equal([1, 50, 200], v.Steps.Select(s => s.Concurrency)));
        Assert.All(db.Variants.SelectMany(v => v.Steps), s =>
        {
            Assert.NotNull(s.Gauge("db.poolWaitMs"));
            Assert.NotNull(s.Gauge("db.maxWaiting"));
        });
    }

    [Fact]
    public void The_run_header_names_the_database_and_its_pool_size()
    {
        // Arrange, Act
        var html = HtmlReport.Render(Db);

        // Assert
        Assert.Contains("<dt>Database</dt><dd>PostgreSQL, pool of 100 connections</dd>", html, StringComparison.Ordinal);
    }

    [Fact]
    public void A_run_without_a_database_has_no_database_in_its_header()
    {
        // Arrange
        Assert.Null(Sleep.Run.DatabaseProvider);

        // Act
        var html = HtmlReport.Render(Sleep);

        // Assert
        Assert.DoesNotContain("<dt>Database</dt>", html, StringComparison.Ordinal);
    }

    [Fact]
    public void Database_step_tables_put_the_pool_columns_right_after_the_thread_pool_columns()
    {
        // Arrange
        var html = HtmlReport.Render(Db);
        var experiment = Db.Experiments[0];

        foreach (var variant in experiment.Variants)
        {
            // Act
            var headers = Headers(StepTableOf(html, experiment, variant));

            // Assert
            Assert.Equal(
                ["Clients", "probe", "req/s", "p50", "server p50", "p95", "p99", "max", "errors", "pool threads", "max queue",
                    PoolWait, WaitingForAConnection, "CPU (app)", "SLA"],
                headers);
        }
    }

    [Theory]
    [InlineData("sync", 1, "20 µs", "0")]
    [InlineData("sync", 200, "310 µs", "0")]
    [InlineData("async", 50, "20 µs", "0")]
    [InlineData("async", 200, "27 ms", "94")]
    public void The_pool_columns_show_the_measured_pool_wait_and_most_requests_waiting(
        string variantName, int concurrency, string poolWait, string waiting)
    {
        // Arrange
        var experiment = Db.Experiments[0];
        var variant = experiment.Variants.Single(v => v.Name == variantName);

        // Act
        var table = StepTableOf(HtmlReport.Render(Db), experiment, variant);

        // Assert
        Assert.Equal(poolWait, Cell(table, concurrency, PoolWait));
        Assert.Equal(waiting, Cell(table, concurrency, WaitingForAConnection));
    }

    [Fact]
    public void Every_step_of_a_database_experiment_shows_its_own_pool_figures()
    {
        // Arrange
        var html = HtmlReport.Render(Db);
        var experiment = Db.Experiments[0];

        foreach (var variant in experiment.Variants)
        {
            // Act
            var table = StepTableOf(html, experiment, variant);

            // Assert
            Assert.All(variant.Steps, step =>
            {
                Assert.Matches("^[0-9.]+ (µs|ms|s)$", Cell(table, step.Concurrency, PoolWait));
                Assert.Matches("^[0-9,]+$", Cell(table, step.Concurrency, WaitingForAConnection));
            });
        }
    }

    [Fact]
    public void An_experiment_without_a_database_has_no_pool_columns_and_no_word_about_them()
    {
        // Arrange
        Assert.All(Sleep.Experiments.SelectMany(e => e.Variants).SelectMany(v => v.Steps), s => Assert.Null(s.Gauge("db.poolWaitMs")));

        // Act
        var html = HtmlReport.Render(Sleep);

        // Assert
        foreach (var experiment in Sleep.Experiments)
        {
            Assert.All(experiment.Variants, variant =>
            {
                var headers = Headers(StepTableOf(html, experiment, variant));
                Assert.DoesNotContain(PoolWait, headers);
                Assert.DoesNotContain(WaitingForAConnection, headers);
                Assert.Equal("max queue", headers[headers.ToList().IndexOf("CPU (app)") - 1]);
            });
        }

        var text = VisibleText(html);
        Assert.DoesNotContain("Connection pool", text, StringComparison.Ordinal);
        Assert.DoesNotContain("connection pool over time", text, StringComparison.Ordinal);
    }

    [Fact]
    public void A_mixed_run_shows_pool_columns_only_for_the_database_experiment()
    {
        // Arrange
        var document = Db with { Experiments = [.. Sleep.Experiments, .. Db.Experiments] };

        // Act
        var html = HtmlReport.Render(document);

        // Assert
        foreach (var experiment in document.Experiments)
        {
            var headers = Headers(StepTableOf(html, experiment, experiment.Variants[0]));
            Assert.Equal(experiment.Name == "db", headers.Contains(PoolWait));
        }
    }

    [Fact]
    public void The_capacity_cards_of_a_database_experiment_mention_the_pool_wait_at_the_highest_step()
    {
        // Arrange, Act
        var text = VisibleText(HtmlReport.Render(Db));

        // Assert
        Assert.Contains(
            "At 200 clients (highest load): 182 req/s, p95 1.7 s, 14 pool threads, "
                + "app CPU 26%, pool wait 310 µs, waiting for a connection 0.",
            text, StringComparison.Ordinal);
        Assert.Contains("pool wait 27 ms, waiting for a connection 94.", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_how_to_read_footer_explains_the_pool_columns_when_a_database_experiment_ran()
    {
        // Arrange, Act
        var footer = Regex.Match(HtmlReport.Render(Db), "<footer class=\"how-to-read\">.*?</footer>", RegexOptions.Singleline);

        // Assert
        Assert.True(footer.Success);
        var text = VisibleText(footer.Value);
        Assert.Contains("Connection pool", text, StringComparison.Ordinal);
        Assert.Contains("Pool wait is the mean time a request took to get a pooled database connection", text, StringComparison.Ordinal);
        Assert.Contains("pool size ÷ query time", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_thread_pool_charts_of_a_database_experiment_say_they_show_the_connection_pool_too()
    {
        // Arrange, Act
        var text = VisibleText(HtmlReport.Render(Db));

        // Assert
        Assert.Contains("Thread pool and connection pool over time: sync", text, StringComparison.Ordinal);
        Assert.Contains("Thread pool and connection pool over time: async", text, StringComparison.Ordinal);
        Assert.Contains(
            "Solid, left axis: pool threads and connections in use. Dashed, right axis: queued work items and waiting for a connection. "
            + "Long dashes: pool size.",
            text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_embedded_results_of_a_database_run_read_back_with_their_pool_figures()
    {
        // Arrange
        var html = HtmlReport.Render(Db);

        // Act
        var embedded = ReportPages.EmbeddedResults(html);

        // Assert
        Assert.Equal(Db.Run, embedded.Run with { Settings = Db.Run.Settings });
        Assert.Equal(Db.Run.Settings.Steps, embedded.Run.Settings.Steps);
        foreach (var (expected, actual) in Db.Experiments[0].Variants.Zip(embedded.Experiments[0].Variants))
        {
            Assert.Equal(expected.Capacity, actual.Capacity);
            Assert.Equal(expected.Steps.Select(s => (s.Gauge("db.poolWaitMs"), s.Gauge("db.maxWaiting"), s.P95Ms)),
                actual.Steps.Select(s => (s.Gauge("db.poolWaitMs"), s.Gauge("db.maxWaiting"), s.P95Ms)));
            SameSamples(expected.Timeline, actual.Timeline);
        }
    }
}
