using AsyncCapacity.Report.Html;
using AsyncCapacity.Report.Results;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

public sealed class RunHeaderTests
{
    [Fact]
    public void A_run_with_the_request_queue_on_says_so_in_its_header()
    {
        // Arrange
        var sleep = Golden("results-sleep.json");
        var queued = sleep with { Run = sleep.Run with { Settings = sleep.Run.Settings with { RequestQueue = new RequestQueueSettings(20, 5000) } } };

        // Act
        var text = VisibleText(HtmlReport.Render(queued));
        var plain = VisibleText(HtmlReport.Render(sleep));

        // Assert
        Assert.Contains("Request queue", text, StringComparison.Ordinal);
        Assert.Contains("20 requests served at once, 5,000 may wait; beyond: 503 Server Too Busy", text, StringComparison.Ordinal);
        Assert.DoesNotContain("Request queue", plain, StringComparison.Ordinal);
    }
}
