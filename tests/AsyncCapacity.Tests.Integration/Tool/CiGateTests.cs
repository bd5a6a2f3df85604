using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Tool;

/// <summary>docs/ci-gate.md's workflow, its shell steps run as written on a pull request to a scratch repository holding
/// tests/ShapesApp: a change that makes the awaited lookup block fails the gate, a change of nothing passes it.</summary>
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
    private static readonly HashSet<string> MachineSteps = ["Install k6"];

    [Fact]
    public async Task A_pull_request_that_changes_nothing_passes_the_gate()
    {
        // Act
        var steps = await RunWorkflowAsync("same", pullRequest: null);

        // Assert
        Assert.All(steps, s => Assert.True(s.ExitCode == 0, $"{s.Step} exited {s.ExitCode}:\n{s.Output}"));
        Assert.Equal("Gate", steps[^1].Step);
        Assert.Contains("--fail-below 20%: no capacity fell by more than that", steps[^1].Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_pull_request_that_makes_the_awaited_lookup_block_fails_the_gate()
    {
        // Act
        var steps = await RunWorkflowAsync("blocking", pullRequest: controller => controller.Replace(Awaited, Blocked, StringComparison.Ordinal));

        // Assert: everything ran; only the gate failed, with the gate's exit code, naming the variant
        Assert.Equal(["Install the capacity tool", "Sweep the base", "Sweep the pull request", "Gate"], steps.Select(s => s.Step));
        Assert.All(steps.SkipLast(1), s => Assert.True(s.ExitCode == 0, $"{s.Step} exited {s.ExitCode}:\n{s.Output}"));
        Assert.True(steps[^1].ExitCode == 3, $"the gate exited {steps[^1].ExitCode}:\n{steps[^1].Output}");
        Assert.Contains("capacity fell: --fail-below 20%: stock awaited in run 2", steps[^1].Output, StringComparison.Ordinal);
    }

    private async Task<IReadOnlyList<(string Step, int ExitCode, string Output)>> RunWorkflowAsync(
        string name, Func<string, string>? pullRequest)
    {
        // Arrange: the user's repository, its base commit, and the pull request's commit on top
        var root = tool.Scratch($"gate-{name}");
        var (workspace, runnerTemp) = (Directory.CreateDirectory(Path.Combine(root, "repo")).FullName,
            Directory.CreateDirectory(Path.Combine(root, "runner-temp")).FullName);
        CopyApp(workspace);
        await GitAsync(workspace, "init", "-q", "-b", "main");
        await GitAsync(workspace, "add", "-A");
        await GitAsync(workspace, "commit", "-q", "-m", "base");
        var baseSha = (await GitAsync(workspace, "rev-parse", "HEAD")).Trim();
        var controller = Path.Combine(workspace, "ShapesApp", "Controllers", "StockController.cs");
        var source = await File.ReadAllTextAsync(controller);
        Assert.Contains(Awaited, source, StringComparison.Ordinal);
        await File.WriteAllTextAsync(controller, pullRequest?.Invoke(source) ?? source);
        await GitAsync(workspace, "commit", "-q", "--allow-empty", "-am", "pull request");

        // Act: the workflow as docs/ci-gate.md writes it, with this app's values where it asks for yours
        var workflow = GitHubWorkflow.FromMarkdown(await File.ReadAllTextAsync(Path.Combine(Repository.Root, "docs", "ci-gate.md")),
            new Dictionary<string, string> { ["github.event.pull_request.base.sha"] = baseSha });
        var env = new Dictionary<string, string>(workflow.Env)
        {
            ["APP_PROJECT"] = "ShapesApp/ShapesApp.csproj",
            ["DECLARATION"] = "ShapesApp/stock.json",
            ["EXPERIMENTS"] = "stock:awaited",
            ["SWEEP_OPTIONS"] = "--profile quick --warmup 1 --step-seconds 2 --probes 3 --set stock.ms=500",
            ["CAPACITY_FEED"] = tool.Feed,
            ["CAPACITY_VERSION"] = tool.Version,
        };
        var machine = new Dictionary<string, string>(tool.Environment) { ["NUGET_PACKAGES"] = tool.NuGetPackages };
        return await new WorkflowRunner(workspace, runnerTemp, machine, log).RunAsync(workflow with { Env = env }, MachineSteps);
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
