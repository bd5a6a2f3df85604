using System.Text.RegularExpressions;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Html;

/// <summary>A card says the capacity, how sure, the prediction and the why in a few lines; the long reading is behind a toggle.</summary>
public sealed class CapacityCardsTests
{
    [Theory]
    [InlineData("results-sleep-searched.json")]
    [InlineData("results-audit.json")]
    [InlineData("results-db.json")]
    [InlineData("results-content.json")]
    public void A_card_shows_a_few_lines_and_keeps_the_whole_prediction_behind_its_toggle(string golden)
    {
        // Arrange
        var document = Golden(golden);
        var experiment = document.Experiments[0];

        // Act
        var cards = Regex.Matches(HtmlReport.Render(document), "<article class=\"capacity-card .*?</article>", RegexOptions.Singleline)
            .Select(m => m.Value).ToList();

        // Assert
        Assert.Equal(experiment.Variants.Count, cards.Count);
        foreach (var (card, variant) in cards.Zip(experiment.Variants))
        {
            var details = Regex.Match(card, "<details class=\"card-reading\"><summary>The full reading</summary>.*?</details>",
                RegexOptions.Singleline);
            Assert.True(details.Success, $"{variant.Name}: no toggle");
            var shown = VisibleText(card.Replace(details.Value, "", StringComparison.Ordinal));
            Assert.True(Words(shown) <= 80, $"{variant.Name}: {Words(shown)} words shown: {shown}");
            Assert.Contains(PredictionText.Outcome(variant.Prediction!, variant.Capacity), shown, StringComparison.Ordinal);
            Assert.Contains(PredictionText.Sentence(experiment, variant), VisibleText(details.Value), StringComparison.Ordinal);
            Assert.Contains("(highest load):", VisibleText(details.Value), StringComparison.Ordinal);
        }
    }

    private static int Words(string text) => text.Split(' ', StringSplitOptions.RemoveEmptyEntries).Length;
}
