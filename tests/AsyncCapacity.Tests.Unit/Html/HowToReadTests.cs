using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Html;

/// <summary>How to read is written in Markdown (HowToRead.md, SearchText.md); the run's figures are filled in.</summary>
public sealed class HowToReadTests
{
    [Theory]
    [InlineData("results-sleep.json")]
    [InlineData("results-sleep-searched.json")]
    [InlineData("results-db.json")]
    public void The_footer_fills_every_placeholder_from_the_run(string golden)
    {
        // Arrange
        var document = Golden(golden);

        // Act
        var footer = Regex.Match(HtmlReport.Render(document), "<footer class=\"how-to-read\">.*?</footer>", RegexOptions.Singleline).Value;
        var text = VisibleText(footer);

        // Assert
        Assert.DoesNotMatch(@"\{[a-z-]+\}", footer);
        Assert.Contains("this run: p95 ≤ 1 s, errors ≤ 1%", text, StringComparison.Ordinal);
        Assert.Contains($"The first {document.Run.Settings.WarmupSeconds:0} s of each step are warm-up", text, StringComparison.Ordinal);
        Assert.Contains("How the capacity was found", text, StringComparison.Ordinal);
        Assert.Contains("<code>k6-scripts/lib/judge.js</code>", footer, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("results-sleep.json", "Each variant ran its declared steps only (--search off).")]
    [InlineData("results-sleep-searched.json", "This run was made before the knee was estimated: each capacity")]
    public void The_search_entry_says_how_this_run_searched(string golden, string said)
    {
        // Act
        var text = VisibleText(HtmlReport.Render(Golden(golden)));

        // Assert
        Assert.Contains(said, text, StringComparison.Ordinal);
    }

    [Fact]
    public void A_searched_run_names_the_laws_knee_each_variant_climbed_to()
    {
        // Arrange
        var sleep = Golden("results-sleep.json");
        var experiment = sleep.Experiments[0];
        var variants = experiment.Variants.Select((v, i) => v with
        {
            Capacity = v.Capacity! with { Strategy = SearchStrategy.Estimate, PredictedKnee = i == 0 ? 2 : 1866, MissedAt = null },
        }).ToList();
        var searched = sleep with { Experiments = [experiment with { Variants = variants }] };

        // Act
        var text = VisibleText(HtmlReport.Render(searched));

        // Assert
        Assert.Contains("until a load missed (sleep sync from 2, sleep async from 1,866). From then on", text, StringComparison.Ordinal);
        Assert.Contains("(QUEST+, Watson 2017)", text, StringComparison.Ordinal);
    }
}
