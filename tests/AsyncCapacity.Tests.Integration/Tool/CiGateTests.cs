using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Tool;

/// <summary>docs/ci-gate.md's workflow, its shell steps run as written on pull requests to a scratch repository holding
/// tests/ShapesApp: a change of nothing passes the gate; then a change that makes the awaited lookup block fails it. Both pull
/// requests have the same base commit, so the second finds the base's sweep the first ran (as a re-run of the job would sweep
/// the same code again, which costs CI a sweep and tells nothing more).</summary>
[Collection(InstalledToolGroup.Name)]
[Trait("Category", "EndToEnd")]
public sealed class CiGateTests(PackedTool tool, ITestOutputHelper log)
{
    private const string Awaited = """
            public async Task<ActionResult<Item?>> Awaited(int id, CancellationToken cancellationToken, int ms = 100) =>
                await warehouse.LookupAsync(id, ms, cancellationToken);
        """;

    private const string Blocked = """
            public ActionResult<Item?> Awaited(int id, CancellationToken cancellationToken, int ms = 100) =>
                warehouse.LookupAsync(id, ms, cancellationToken).GetAwaiter().GetResult();
        """;

    /// <summary>The k6 download: this machine reaches no such host, and has k6 already (K6_PATH).</summary>
    private const string InstallK6 = "Install k6";

    [Fact]
    public async Task A_pull_request_that_changes_nothing_passes_the_gate_and_one_that_makes_the_awaited_lookup_block_fails_it()
    {
        // Arrange: the user's repository, its base commit, and a pull request that changes nothing on top
        var root = tool.Scratch("gate");
        var (workspace, runnerTemp) = (Directory.CreateDirectory(Path.Combine(root, "repo")).FullName,
            Directory.CreateDirectory(Path.Combine(root, "runner-temp")).FullName);
        CopyApp(workspace);
        await GitAsync(workspace, "init", "-q", "-b", "main");
        await GitAsync(workspace, "add", "-A");
        await GitAsync(workspace, "commit", "-q", "-m", "base");
        var baseSha = (await GitAsync(workspace, "rev-parse", "HEAD")).Trim();
        await GitAsync(workspace, "commit", "-q", "--allow-empty", "-m", "a pull request that changes nothing");
        var (workflow, runner) = await WorkflowAsync(workspace, runnerTemp, baseSha);

        // Act
        var same = await runner.RunAsync(workflow, new HashSet<string> { InstallK6 });

        // Assert
        Assert.Equal(["Install the capacity tool", "Sweep the base", "Sweep the pull request", "Gate"], same.Select(s => s.Step));
        Assert.All(same, s => Assert.True(s.ExitCode == 0, $"{s.Step} exited {s.ExitCode}:\n{s.Output}"));
        Assert.Contains("--fail-below 20%: no capacity fell by more than that", same[^1].Output, StringComparison.Ordinal);

        // Arrange: a second pull request on the same base, which makes the awaited lookup block
        var controller = Path.Combine(workspace, "ShapesApp", "Controllers", "StockController.cs");
        var source = await File.ReadAllTextAsync(controller);
        Assert.Contains(Awaited, source, StringComparison.Ordinal);
        await File.WriteAllTextAsync(controller, source.Replace(Awaited, Blocked, StringComparison.Ordinal));
        await GitAsync(workspace, "commit", "-q", "-am", "a pull request that blocks");
        Directory.Delete(Path.Combine(workspace, "capacity-reports", "pr"), recursive: true);

        // Act: the tool installed and the base swept already
        var blocking = await runner.RunAsync(workflow, new HashSet<string> { InstallK6, "Install the capacity tool", "Sweep the base" });

        // Assert: the pull request swept; only the gate failed, with the gate's exit code, naming the variant
        Assert.Equal(["Sweep the pull request", "Gate"], blocking.Select(s => s.Step));
        Assert.True(blocking[0].ExitCode == 0, $"{blocking[0].Step} exited {blocking[0].ExitCode}:\n{blocking[0].Output}");
        Assert.True(blocking[^1].ExitCode == 3, $"the gate exited {blocking[^1].ExitCode}:\n{blocking[^1].Output}");
        Assert.Contains("capacity fell: --fail-below 20%: stock awaited in run 2", blocking[^1].Output, StringComparison.Ordinal);
    }

    /// <summary>The workflow as docs/ci-gate.md writes it, with this app's values where it asks for yours, and its runner.</summary>
    private async Task<(GitHubWorkflow Workflow, WorkflowRunner Runner)> WorkflowAsync(string workspace, string runnerTemp, string baseSha)
    {
        var workflow = GitHubWorkflow.FromMarkdown(await File.ReadAllTextAsync(Path.Combine(Repository.Root, "docs", "ci-gate.md")),
            new Dictionary<string, string> { ["github.event.pull_request.base.sha"] = baseSha });
        var env = new Dictionary<string, string>(workflow.Env)
        {
            ["APP_PROJECT"] = "ShapesApp/ShapesApp.csproj",
            ["DECLARATION"] = "ShapesApp/stock.json",
            ["EXPERIMENTS"] = "stock:awaited",
            ["SWEEP_OPTIONS"] = "--profile quick --warmup 1 --step-seconds 2 --probes 2 --set stock.ms=500",
            ["CAPACITY_FEED"] = tool.Feed,
            ["CAPACITY_VERSION"] = tool.Version,
        };
        var machine = new Dictionary<string, string>(tool.Environment) { ["NUGET_PACKAGES"] = tool.NuGetPackages };
        return (workflow with { Env = env }, new WorkflowRunner(workspace, runnerTemp, machine, log));
    }

    /// <summary>The app and the build files it builds with, as a repository of its own would hold them.</summary>
    private static void CopyApp(string workspace)
    {
        var shapes = Path.Combine(Repository.Root, "tests", "ShapesApp");
        foreach (var file in Directory.EnumerateFiles(shapes, "*", SearchOption.AllDirectories)
            .Where(f => !Path.GetRelativePath(shapes, f).Split(Path.DirectorySeparatorChar).Intersect(["bin", "obj"]).Any()))
        {
            var target = Path.Combine(workspace, "ShapesApp", Path.GetRelativePath(shapes, file));
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }

        foreach (var file in (string[])["Directory.Build.props", "Directory.Packages.props", "global.json", ".editorconfig"])
        {
            File.Copy(Path.Combine(Repository.Root, file), Path.Combine(workspace, file));
        }

        File.WriteAllLines(Path.Combine(workspace, ".gitignore"), ["bin/", "obj/", "capacity-reports/"]);
    }

    private async Task<string> GitAsync(string workspace, params string[] arguments)
    {
        var (exitCode, output) = await CliProcess.RunProgramAsync(log, TimeSpan.FromMinutes(1), "git",
            ["-c", "user.name=CI gate test", "-c", "user.email=ci-gate@localhost", .. arguments], workspace,
            new Dictionary<string, string>());
        Assert.True(exitCode == 0, $"git {string.Join(' ', arguments)} exited {exitCode}:\n{output}");
        return output;
    }
}
