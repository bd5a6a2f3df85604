using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Tool;

/// <summary>The installed tool from an empty folder outside any clone, its own folder read-only: it sweeps the lab's app it
/// carries (live, the dashboard restored into the user's cache) and a user's app project, and writes only where it is run.</summary>
[Collection(InstalledToolGroup.Name)]
[Trait("Category", "EndToEnd")]
public sealed class InstalledToolTests(PackedTool tool, ITestOutputHelper log)
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(6);
    /// <summary>The lightest step and one search probe: these check where the tool reads and writes, not a knee.</summary>
    private static readonly string[] ShortProbes = ["--profile", "quick", "--warmup", "1", "--step-seconds", "2", "--probes", "1"];

    [Fact]
    public async Task A_quick_sweep_of_the_labs_pair_writes_its_report_in_the_working_folder_and_nothing_in_the_tools()
    {
        // Arrange
        var work = tool.Scratch("sleep");

        // Act
        var (exitCode, console) = await CliProcess.RunProgramAsync(log, Timeout, tool.Capacity,
            ["sweep", "-e", "sleep:sync", .. ShortProbes, "--live"], work, tool.Environment);

        // Assert: the bundled app swept, its report under reports/<time>/ where the tool was run
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        var report = Assert.Single(Directory.GetDirectories(Path.Combine(work, "reports")));
        Assert.True(File.Exists(Path.Combine(report, "index.html")), console);
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(report, "results.json")), "results.json");
        var sync = Assert.Single(Assert.Single(document.Experiments).Variants);
        Assert.Equal("sync", sync.Name);
        Assert.Contains(sync.Steps, s => s.Requests > 0);
        Assert.Equal(AppTargetKind.PublishedApp, document.Run.Target?.Kind);

        // Assert: live, the dashboard restored in the user's cache
        Assert.Contains("Live: open http://127.0.0.1:", console, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(tool.Environment["XDG_CACHE_HOME"], "asynccapacity", "aspire-dashboard", "obj",
            "project.assets.json")), console);
        tool.AssertUnchanged();
    }

    [Fact]
    public async Task A_users_app_project_is_built_and_swept_from_an_empty_folder()
    {
        // Arrange
        var work = tool.Scratch("shapes");
        var shapes = Path.Combine(Repository.Root, "tests", "ShapesApp");

        // Act
        var (exitCode, console) = await CliProcess.RunProgramAsync(log, Timeout, tool.Capacity,
            ["sweep", "--app-project", Path.Combine(shapes, "ShapesApp.csproj"), "--app-ready", "/healthz",
                "--experiment-file", Path.Combine(shapes, "stock.json"), "-e", "stock:get-result", .. ShortProbes, "--out", "shapes"],
            work, tool.Environment);

        // Assert
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(work, "shapes", "results.json")), "results.json");
        Assert.Equal("get-result", Assert.Single(Assert.Single(document.Experiments).Variants).Name);
        Assert.Equal(AppTargetKind.UserApp, document.Run.Target?.Kind);
        tool.AssertUnchanged();
    }
}
