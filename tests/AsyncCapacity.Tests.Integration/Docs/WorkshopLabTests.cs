using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// docs/workshop cannot rot: every `capacity sweep` a lab tells attendees to type runs through the real CLI with
/// --dry-run (every option checked, nothing run), every `capacity compare` compares folders the lab's own sweeps
/// write, and every URL given to ab is a declared route.
/// </summary>
public sealed partial class WorkshopLabTests(ITestOutputHelper log)
{
    private static readonly string Workshop = Path.Combine(Repository.Root, "docs", "workshop");

    private static IReadOnlyList<string> LabFiles => WorkshopPages.Labs;

    /// <summary>The labs with a run to make: a slot waits for its measurement (WorkshopPages.Slot).</summary>
    public static TheoryData<string> Labs => [.. LabFiles.Where(lab => WorkshopPages.Slot(lab) is null)];

    [Fact]
    public void The_workshop_README_links_every_lab_and_every_lab_exists()
    {
        // Arrange
        var readme = File.ReadAllText(Path.Combine(Workshop, "README.md"));

        // Act
        var linked = LabLink().Matches(readme).Select(m => m.Groups[1].Value).ToList();

        // Assert
        Assert.Equal(LabFiles, linked);
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public async Task Every_sweep_of_the_lab_passes_dry_run(string lab)
    {
        // Arrange
        var sweeps = Commands(lab).Where(c => c[0] == "sweep").ToList();
        Assert.NotEmpty(sweeps);
        var plans = new System.Text.StringBuilder();

        foreach (var sweep in sweeps)
        {
            // Act
            var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), [.. sweep, "--dry-run"]);

            // Assert
            Assert.True(exitCode == 0, $"{lab}: capacity {string.Join(' ', sweep)} --dry-run exited {exitCode}:\n{output}");
            Assert.StartsWith("Plan: ", output, StringComparison.Ordinal);
            plans.Append(output);
        }

        // Assert: the loads and variants the lab names (each <!-- plan: ... --> line) are in the plans its sweeps make
        foreach (Match named in PlanNamed().Matches(File.ReadAllText(Path.Combine(Workshop, lab))))
        {
            Assert.True(plans.ToString().Contains(named.Groups[1].Value, StringComparison.Ordinal),
                $"{lab} names \"{named.Groups[1].Value}\", which none of its sweeps plans:\n{plans}");
        }
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public void The_lab_has_a_question_a_hypothesis_a_knob_a_comparison_of_its_own_runs_and_an_answer(string lab)
    {
        // Arrange
        var text = File.ReadAllText(Path.Combine(Workshop, lab));
        var commands = Commands(lab);
        var outputs = commands.Where(c => c[0] == "sweep").Select(c => c[c.IndexOf("--out") + 1]).ToList();

        // Assert: the parts every lab has
        Assert.Contains("**Question.**", text, StringComparison.Ordinal);
        Assert.Contains("hypothesis", text, StringComparison.Ordinal);
        Assert.Contains("## Change one knob", text, StringComparison.Ordinal);
        Assert.Contains("## The answer, as measured here", text, StringComparison.Ordinal);
        Assert.DoesNotContain("ANSWER-", text, StringComparison.Ordinal);
        Assert.Equal(outputs.Count, outputs.Distinct().Count());

        // Assert: the comparison compares what this lab's sweeps wrote, the first sweep as the baseline; a lab whose sweeps
        // are a variant and its twin (lab 4's fix) has none, since compare puts a variant beside itself, and says so
        if (!commands.Any(c => c[0] == "compare"))
        {
            Assert.Contains("no variant in common", text, StringComparison.Ordinal);
            return;
        }

        var compare = Assert.Single(commands, c => c[0] == "compare");
        Assert.True(compare.Count >= 3, $"{lab}: compare needs two runs: {string.Join(' ', compare)}");
        Assert.Equal(outputs[0], compare[1]);
        Assert.All(compare.Skip(1), folder => Assert.Contains(folder, outputs));
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public void Every_URL_given_to_ab_is_a_declared_route(string lab)
    {
        // Arrange
        var text = File.ReadAllText(Path.Combine(Workshop, lab));
        var routes = ExperimentCatalog.All.SelectMany(e => e.Variants.Select(v => v.Route)).ToHashSet();

        // Act
        var paths = AbUrl().Matches(text).Select(m => m.Groups[1].Value).ToList();

        // Assert
        Assert.All(paths, path => Assert.Contains(path, routes));
    }

    /// <summary>The `capacity …` lines of the lab's sh blocks, as argument lists
    /// (quotes honoured, the leading "capacity" dropped).</summary>
    private static List<List<string>> Commands(string lab)
    {
        var text = File.ReadAllText(Path.Combine(Workshop, lab));
        return [.. ShBlock().Matches(text)
            .SelectMany(block => block.Groups[1].Value.Split('\n'))
            .Select(line => line.Trim())
            .Where(line => line.StartsWith("capacity ", StringComparison.Ordinal))
            .Select(line => Words(line).Skip(1).ToList())];
    }

    private static IEnumerable<string> Words(string line) =>
        Word().Matches(line).Select(m => m.Groups[1].Success ? m.Groups[1].Value : m.Groups[2].Success ? m.Groups[2].Value : m.Value);

    [GeneratedRegex(@"```sh\n(.*?)```", RegexOptions.Singleline)]
    private static partial Regex ShBlock();

    [GeneratedRegex("\"([^\"]*)\"|'([^']*)'|[^\\s]+")]
    private static partial Regex Word();

    [GeneratedRegex(@"\]\((\d\d-[^)]*\.md)\)")]
    private static partial Regex LabLink();

    [GeneratedRegex(@"ab [^\n]*""http://127\.0\.0\.1:\d+(/[^?""]*)")]
    private static partial Regex AbUrl();

    [GeneratedRegex(@"<!-- plan: (.+?) -->")]
    private static partial Regex PlanNamed();
}
