using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Search;

/// <summary>--search's words as typed, and how a search led by the laws reads in results.json and the report.</summary>
public sealed class SearchStrategyTests
{
    [Theory]
    [InlineData(new string[0], true)]
    [InlineData(new[] { "--search", "on" }, true)]
    [InlineData(new[] { "--search", "off" }, false)]
    public void Search_on_searches_the_knee_and_off_estimates_it_from_the_steps(string[] arguments, bool refine)
    {
        // Act
        var (command, build) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", "-e", "sleep", .. arguments]);
        var request = build(parse);

        // Assert
        Assert.Empty(parse.Errors);
        Assert.Equal(refine, request.SearchPolicyFor(request.Experiments[0]).Refine);
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
        Assert.Contains("'on'", error, StringComparison.Ordinal);
        Assert.Contains("'off'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_report_says_which_variants_started_from_the_laws_knee_and_where_k6_missed()
    {
        // Arrange: the searched golden run (made before the estimate) as the estimate's search would have led it
        var run = Golden("results-sleep-searched.json");
        var led = run with
        {
            Experiments = [run.Experiments[0] with
            {
                Variants = [.. run.Experiments[0].Variants.Select(v => v with
                {
                    Capacity = v.Capacity! with
                    {
                        Estimate = v.Name == "sync" ? new KneeEstimate(2.9, 2.6, 3.2, 5) : null,
                        MissedAt = null,
                        Strategy = SearchStrategy.Estimate,
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
        Assert.Contains("until a load missed (sleep sync from 2).", text, StringComparison.Ordinal);
        Assert.Contains("a lower bound: at 2,200 the load generator was the limit and may have caused the miss", text,
            StringComparison.Ordinal);
        Assert.Contains("90%: 2–3", text, StringComparison.Ordinal);
        Assert.Contains("each probe went where its outcome was least certain", text, StringComparison.Ordinal);
        Assert.Contains("This run was made before the knee was estimated", VisibleText(HtmlReport.Render(run)), StringComparison.Ordinal);
        Assert.Equal(2, reread.Experiments[0].Variants.Single(v => v.Name == "sync").Capacity!.PredictedKnee);
        Assert.DoesNotContain("predictedKnee", ResultsJson.Serialize(run), StringComparison.Ordinal);
    }
}
