using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Live;

/// <summary>A live run's report names where its metrics went; results.json keeps it, so `capacity report` shows it again.</summary>
public sealed class LiveReportTests
{
    private const string Live = "the Aspire dashboard at http://127.0.0.1:40123/ (OTLP http://127.0.0.1:40124/): every probe's app and k6";

    [Fact]
    public void A_live_run_names_the_dashboard_in_its_header_and_keeps_it_in_results_json()
    {
        // Arrange
        var sleep = Golden("results-sleep.json");
        var watched = sleep with { Run = sleep.Run with { Live = Live } };

        // Act
        var text = VisibleText(HtmlReport.Render(watched));
        var plain = VisibleText(HtmlReport.Render(sleep));
        var reread = ResultsJson.Deserialize(ResultsJson.Serialize(watched), "results.json");

        // Assert
        Assert.Contains("Watched live", text, StringComparison.Ordinal);
        Assert.Contains(Live, text, StringComparison.Ordinal);
        Assert.DoesNotContain("Watched live", plain, StringComparison.Ordinal);
        Assert.Equal(Live, reread.Run.Live);
    }
}
