using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Html;

public sealed class RunHeaderTests
{
    [Fact]
    public void A_run_with_the_request_queue_on_says_so_in_its_header()
    {
        // Arrange
        var sleep = Golden("results-sleep.json");
        var queued = sleep with
        { Run = sleep.Run with { Settings = sleep.Run.Settings with { RequestQueue = new RequestQueueSettings(20, 5000) } } };

        // Act
        var text = VisibleText(HtmlReport.Render(queued));
        var plain = VisibleText(HtmlReport.Render(sleep));

        // Assert
        Assert.Contains("Request queue", text, StringComparison.Ordinal);
        Assert.Contains("20 requests served at once, 5,000 may wait; beyond: 503 Server Too Busy", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Request queue", plain, StringComparison.Ordinal);
    }

    [Fact]
    public void A_run_with_the_baseline_states_the_instrument_overhead_with_how_it_was_measured()
    {
        // Arrange
        var sleep = Golden("results-sleep.json");
        var measured = sleep with
        { Run = sleep.Run with { Overhead = new InstrumentOverhead("/hello", 50, 6, 2, 19_000, 20_000, 0.95, 41.5) } };
        var faster = sleep with
        { Run = sleep.Run with { Overhead = new InstrumentOverhead("/hello", 50, 6, 2, 21_000, 20_000, 1.05, 60) } };

        // Act
        var text = VisibleText(HtmlReport.Render(measured));
        var noCost = VisibleText(HtmlReport.Render(faster));
        var plain = VisibleText(HtmlReport.Render(sleep));

        // Assert
        Assert.Contains("Instrument overhead", text, StringComparison.Ordinal);
        Assert.Contains("the app's /hello served 0.95× the req/s of a minimal ASP.NET Core app (bench/MinimalApp): "
            + "19,000 vs 20,000 req/s; 5% of a request that does nothing goes to the instrument's pipeline.",
            text, StringComparison.Ordinal);
        Assert.Contains("Measured with 50 k6 clients, 2 alternating rounds of 6 s each, k6 at 42% of the machine's CPU.",
            text, StringComparison.Ordinal);
        Assert.Contains("1.05×", noCost, StringComparison.Ordinal);
        Assert.Contains("no cost of the instrument's pipeline shows above the minimal app", noCost, StringComparison.Ordinal);
        Assert.Contains("k6 at 60% of the machine's CPU. k6 itself was the limit of both runs, so the ratio understates the difference",
            noCost, StringComparison.Ordinal);
        Assert.DoesNotContain("k6 itself was the limit", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Instrument overhead", plain, StringComparison.Ordinal);
    }
}
