using System.Text.Json.Nodes;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity docs` as a contributor runs it, on a page of its own quoting a recorded run: check names the figure that is
/// not its run's and exits 4, render rewrites it and keeps what it cannot answer, keep slims a results.json.</summary>
public sealed class DocsCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("capacity-docs-").FullName;

    [Fact]
    public async Task Check_names_a_stale_figure_and_render_rewrites_it_from_its_run()
    {
        // Arrange: docs/workshop/runs with one run and its command, and a page quoting it with one figure off by a rounding
        var runs = Directory.CreateDirectory(Path.Combine(_root, "docs", "workshop", "runs")).FullName;
        File.Copy(Path.Combine(WorkshopPages.Runs, "lab6-db.json"), Path.Combine(runs, "lab6-db.json"));
        await File.WriteAllTextAsync(Path.Combine(runs, "commands.tsv"), "lab6-db\tcapacity sweep -e db\n");
        var page = Path.Combine(_root, "docs", "workshop", "06-db.md");
        await File.WriteAllTextAsync(page, "# Lab\n\nOne client: [19.2](runs/lab6-db.json \"db/sync rps at 1\") req/s.\n\n"
            + "<!-- recorded: runs/lab6-db.json -->\n<!-- /recorded -->\n");

        // Act
        var (checkCode, checkOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "docs", "check", "--root", _root);
        var (renderCode, renderOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "docs", "render", "--root", _root);
        var (againCode, againOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "docs", "check", "--root", _root);

        // Assert
        Assert.True(checkCode == 4, $"check exited {checkCode}:\n{checkOutput}");
        Assert.Contains("docs/workshop/06-db.md: [19.2](runs/lab6-db.json \"db/sync rps at 1\") is 19.3 in the run", checkOutput,
            StringComparison.Ordinal);
        Assert.Contains("<!-- recorded: runs/lab6-db.json --> is not what its runs give", checkOutput, StringComparison.Ordinal);
        Assert.True(renderCode == 0, $"render exited {renderCode}:\n{renderOutput}");
        var rendered = await File.ReadAllTextAsync(page);
        Assert.Contains("[19.3](runs/lab6-db.json", rendered, StringComparison.Ordinal);
        Assert.Contains("Recorded 2026-", rendered, StringComparison.Ordinal);
        Assert.Contains("by `capacity sweep -e db`", rendered, StringComparison.Ordinal);
        Assert.True(againCode == 0, $"check after render exited {againCode}:\n{againOutput}");
    }

    [Fact]
    public async Task Keep_leaves_out_the_timelines_and_nothing_else()
    {
        // Arrange: a sweep's results.json, timelines and all
        var results = Path.Combine(_root, "results.json");
        File.Copy(Path.Combine(Repository.Root, "tests", "Shared", "Golden", "results-sleep-searched.json"), results);
        var kept = Path.Combine(_root, "kept.json");

        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "docs", "keep", results, kept);

        // Assert
        Assert.True(code == 0, $"keep exited {code}:\n{output}");
        Assert.Contains(RecordedRun.Read(results).Experiments.SelectMany(e => e.Variants), v => v.Timeline.Count > 0);
        Assert.All(RecordedRun.Read(kept).Experiments.SelectMany(e => e.Variants), v => Assert.Empty(v.Timeline));
        var whole = JsonNode.Parse(await File.ReadAllTextAsync(results))!;
        foreach (var variant in whole["experiments"]!.AsArray().SelectMany(e => e!["variants"]!.AsArray()))
        {
            variant!.AsObject().Remove("timeline");
        }

        Assert.True(JsonNode.DeepEquals(whole, JsonNode.Parse(await File.ReadAllTextAsync(kept))), "keep changed more than the timelines");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
