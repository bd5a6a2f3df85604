using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Formatting;

/// <summary>Every capacity says the time under load it was judged at (the verdict, the card, At a glance, the Markdown table),
/// from its probes, or for an older file from its profile; and whether that was a cold start.</summary>
public sealed class HorizonTextTests
{
    private static readonly string Runs = Path.Combine(Repository.Root, "docs", "workshop", "runs");

    [Fact]
    public void A_verdict_whose_variants_share_a_horizon_says_it_once()
    {
        // Arrange
        var document = GoldenAsStored(Path.Combine("recorded", "websocket-1.json"));

        // Act
        var verdict = VerdictText.Of(document.Experiments.Single(), document.Run);

        // Assert
        Assert.StartsWith("Within the SLA (p95 ≤ 100 ms, errors ≤ 0%) 6 s into a burst on a cold app, async met it up to ≥ 582 "
            + "concurrent clients at 14,946 msg/s", verdict, StringComparison.Ordinal);
        Assert.Single(Regex.Matches(verdict, "into a burst"));
    }

    [Fact]
    public void A_verdict_whose_variants_were_judged_at_different_times_says_each()
    {
        // Arrange: sleep sync's thin probes had their windows lengthened (14 s under load); async's did not (10 s)
        var document = RecordedRun.Read(Path.Combine(Runs, "standard-all-six.json"));

        // Act
        var verdict = VerdictText.Of(document.Experiments.Single(e => e.Name == "sleep"), document.Run);

        // Assert
        Assert.StartsWith("Within the SLA (p95 ≤ 1 s, errors ≤ 1%), async met it up to ≥ 4,658 concurrent clients, 10 s into a burst "
            + "on a cold app, at 7,127 req/s", verdict, StringComparison.Ordinal);
        Assert.Contains("; sync up to 2, 14 s into a burst on a cold app, at 4.0 req/s (90%: 2)", verdict, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("results-sleep.json", 25)]
    [InlineData("results-audit.json", 8)]
    [InlineData("results-sleep-searched.json", 11)]
    public void An_older_file_reads_with_its_probes_horizon_or_its_profiles(string golden, double seconds)
    {
        // Arrange
        var document = Golden(golden);

        // Act
        var horizons = document.Experiments[0].Variants.Select(v => HorizonText.Seconds(v, document.Run)).Distinct();

        // Assert
        Assert.Equal([seconds], horizons);
    }

    [Fact]
    public void A_run_on_one_long_lived_app_says_it_was_not_a_cold_start()
    {
        // Arrange: the audit pair swept on one app with a cool-down between steps
        var document = Golden("results-skipped.json");

        // Act
        var verdict = VerdictText.Of(document.Experiments.First(e => e.SkippedReason is null), document.Run);

        // Assert
        Assert.StartsWith("Within the SLA (p95 ≤ 1 s, errors ≤ 1%) 35 s into a burst on a running app, not a cold start, ",
            verdict, StringComparison.Ordinal);
    }

    [Fact]
    public void The_card_glance_and_markdown_table_name_the_horizon_and_the_card_says_how_the_pool_grew_within_it()
    {
        // Arrange: the workshop keeps its runs without their timelines
        var document = WithoutTimelines(GoldenAsStored(Path.Combine("recorded", "websocket-1.json")));

        // Act
        var html = HtmlReport.Render(document);
        var markdown = MarkdownTable.Of(document);

        // Assert
        var glance = VisibleText(Regex.Match(html, "<table class=\"glance\">.*?</table>", RegexOptions.Singleline).Value);
        Assert.Contains("35 concurrent clients at 6 s", glance, StringComparison.Ordinal);
        Assert.Contains("≥ 582 concurrent clients at 6 s", glance, StringComparison.Ordinal);
        var sync = Regex.Match(html, "<article class=\"capacity-card [^\"]*\">.*?<span class=\"variant-name\">sync</span>.*?</article>",
            RegexOptions.Singleline).Value;
        Assert.Contains("<p class=\"capacity-horizon\">Judged 6 s into a burst on a cold app.</p>", sync, StringComparison.Ordinal);
        Assert.Contains("Within those 6 s the pool grew from 20 to 36 threads: held longer, sync may serve more.",
            VisibleText(sync), StringComparison.Ordinal);
        Assert.Contains("| websocket | sync | **35** (90%: 32–37) at 6 s |", markdown, StringComparison.Ordinal);
    }

    private static ResultsDocument WithoutTimelines(ResultsDocument document) => document with
    {
        Experiments = [.. document.Experiments.Select(e => e with { Variants = [.. e.Variants.Select(v => v with { Timeline = [] })] })],
    };
}
