using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Search;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Search;

/// <summary>--search's words as typed, and how a search led by the laws reads in results.json and the report.</summary>
public sealed class SearchStrategyTests
{
    [Theory]
    [InlineData(new string[0], true, SearchStrategy.Laws)]
    [InlineData(new[] { "--search", "on" }, true, SearchStrategy.Laws)]
    [InlineData(new[] { "--search", "grid" }, true, SearchStrategy.Grid)]
    [InlineData(new[] { "--search", "off" }, false, SearchStrategy.Laws)]
    public void Search_on_is_led_by_the_laws_grid_walks_the_steps_and_off_reads_the_grid(
        string[] arguments, bool refine, SearchStrategy strategy)
    {
        // Act
        var (command, build) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", "-e", "sleep", .. arguments]);
        var request = build(parse);

        // Assert
        Assert.Empty(parse.Errors);
        var policy = request.SearchPolicyFor(request.Experiments[0]);
        Assert.Equal((refine, strategy), (policy.Refine, policy.Strategy));
    }

    [Fact]
    public void An_unknown_search_is_refused_naming_the_words_it_takes()
    {
        // Act
        var (command, _) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", "--search", "fast"]);

        // Assert
        var error = Assert.Single(parse.Errors).Message;
        Assert.Contains("fast", error, StringComparison.Ordinal);
        Assert.Contains("grid", error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_report_says_which_variants_started_from_the_laws_knee_and_where_k6_missed()
    {
        // Arrange: the searched golden run as the laws would have led it
        var run = Golden("results-sleep-searched.json");
        var led = run with
        {
            Experiments = [run.Experiments[0] with
            {
                Variants = [.. run.Experiments[0].Variants.Select(v => v with
                {
                    Capacity = v.Capacity! with
                    {
                        Strategy = SearchStrategy.Laws,
                        PredictedKnee = v.Name == "sync" ? 2 : null,
                        LoadGeneratorMissedAt = v.Name == "async" ? 2_200 : null,
                    },
                })],
            }],
        };

        // Act
        var text = VisibleText(HtmlReport.Render(led));
        var reread = ResultsJson.Deserialize(ResultsJson.Serialize(led), "led");

        // Assert
        Assert.Contains("Started from the predicted knee: sleep sync from 2; the others from the declared steps.", text,
            StringComparison.Ordinal);
        Assert.Contains("a lower bound: at 2,200 the load generator was the limit and may have caused the miss", text,
            StringComparison.Ordinal);
        Assert.Contains("the knee the operational laws predicted", text, StringComparison.Ordinal);
        Assert.DoesNotContain("the knee the operational laws predicted", VisibleText(HtmlReport.Render(run)), StringComparison.Ordinal);
        Assert.Equal(2, reread.Experiments[0].Variants.Single(v => v.Name == "sync").Capacity!.PredictedKnee);
        Assert.DoesNotContain("predictedKnee", ResultsJson.Serialize(run), StringComparison.Ordinal);
    }
}
