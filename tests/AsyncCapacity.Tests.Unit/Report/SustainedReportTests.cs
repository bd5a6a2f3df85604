using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// Where a run held loads, the report leads with the curve: the card's first line is the variant's capacity over time, each held
/// load stands beside its forecast, the charts open with capacity over time; At a glance keeps one number per variant with its
/// horizon; compare sets the curves' points side by side without a significance test. A run without holds shows none of it.
/// </summary>
public sealed class SustainedReportTests
{
    private static readonly ResultsDocument Run = Golden(SyntheticSustainedRun.FileName);

    [Fact]
    public void The_card_opens_with_the_curve_and_lists_each_held_load_beside_its_forecast()
    {
        // Act
        var html = HtmlReport.Render(Run);

        // Assert
        var sleep = Run.Experiments[0];
        var card = Card(html, "sync");
        var firstLine = Regex.Match(card, "</p>\\s*<p class=\"([^\"]+)\">(.*?)</p>", RegexOptions.Singleline);
        Assert.Equal("capacity-over-time", firstLine.Groups[1].Value);
        Assert.Equal($"{SustainedText.Headline(sleep, sleep.Variants[0])}.", VisibleText(firstLine.Groups[2].Value));
        var held = Regex.Matches(Regex.Match(card, "<ul class=\"held-loads\".*?</ul>", RegexOptions.Singleline).Value, "<li>(.*?)</li>")
            .Select(m => VisibleText(m.Groups[1].Value)).ToList();
        Assert.Equal(sleep.Variants[0].Sustained!.Holds.Select(h => ForecastText.Hold(h, sleep.Variants[0].Sustained!, sleep.Model)), held);
        Assert.Contains("the pool grew faster (0.63 threads/s) than the runtime's rules grew it in the simulation", held[1],
            StringComparison.Ordinal);
    }

    [Fact]
    public void A_failed_hold_keeps_its_flag_and_the_report_words_it_as_a_failed_probes()
    {
        // Arrange: the sync variant's first hold, failed as k6 does when it exits before its load starts
        var sleep = Run.Experiments[0];
        var sustained = sleep.Variants[0].Sustained!;
        var why = new StepFlag(StepFlagKind.LoadGeneratorFailed) { Count = 107, Text = "it ended before its load started" };
        var failed = new SustainedHold(sustained.Holds[0].Concurrency, 0, null, HoldEnd.Failed, []) { Failure = why };

        // Act
        var text = ForecastText.Hold(failed, sustained, sleep.Model);

        // Assert
        Assert.Equal($"{sleep.Model.Load(failed.Concurrency)}: not measured ({FlagText.Of(why)}).", text);
        Assert.Contains("k6 failed (exit 107) without its results: it ended before its load started", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_charts_open_with_capacity_over_time_and_At_a_glance_keeps_one_number_per_variant()
    {
        // Act
        var html = HtmlReport.Render(Run);

        // Assert
        Assert.Equal(["capacity-curve", "hold", "hold", "throughput", "latency"], Charts(html, 0).Take(5));
        var glance = VisibleText(Regex.Match(html, "<table class=\"glance\">.*?</table>", RegexOptions.Singleline).Value);
        Assert.Contains("3 concurrent clients at 6 s", glance, StringComparison.Ordinal);
        Assert.Contains("35 concurrent clients at 6 s", glance, StringComparison.Ordinal);
        Assert.DoesNotContain("after 30 s", glance, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("results-sleep-searched.json")]
    [InlineData("results-websocket.json")]
    [InlineData("results-db.json")]
    public void A_run_without_holds_shows_no_curve(string golden)
    {
        // Act
        var html = HtmlReport.Render(Golden(golden));

        // Assert
        Assert.DoesNotContain("class=\"capacity-over-time\"", html, StringComparison.Ordinal);
        Assert.DoesNotContain("class=\"held-loads\"", html, StringComparison.Ordinal);
        Assert.DoesNotContain("capacity-curve", string.Join(",", Charts(html, 0)), StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_sets_the_curves_points_side_by_side_as_single_holds()
    {
        // Arrange: a second run whose websocket sync caught up with 280 clients later than the horizon
        var websocket = Run.Experiments[1];
        var sync = websocket.Variants[0];
        var later = sync with
        {
            Sustained = sync.Sustained! with
            {
                Curve = [.. sync.Sustained.Curve.Select(p => p.Seconds == 120 ? p with { Capacity = 140, Low = 140 } : p)],
            },
        };
        var second = Run with { Experiments = [Run.Experiments[0], websocket with { Variants = [later, websocket.Variants[1]] }] };

        // Act
        var comparison = RunComparison.Of([new("first", Run), new("second", second)], new NoiseRule(NoiseRule.DefaultPercent));
        var text = CompareText.Render(comparison);

        // Assert
        Assert.Contains("    capacity over time (single holds, so no significance test): at 6 s: 35 (32–37) → 35 (32–37); "
            + "at 30 s: 132 (70–139) → 132 (70–139); at 2 min: 280 (280–559) → 140 (140–559)", text, StringComparison.Ordinal);
    }

    private static string Card(string html, string variant) => Regex.Match(html,
        $"<article class=\"capacity-card [^\"]*\">.*?<span class=\"variant-name\">{variant}</span>.*?</article>",
        RegexOptions.Singleline).Value;
}
