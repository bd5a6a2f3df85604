using System.Diagnostics;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Report;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// `docker compose up` as a user runs it, on a real engine: the postgres profile end to end (the images built, the
/// database healthy, the sweep with a fresh app per probe, the report in ./reports, everything stopped and removed),
/// a missing password, and Ctrl+C mid-sweep. Where no image registry is reachable, docker/standins/build.sh's
/// stand-ins are used through docker/standins/standins.env; SQL Server has none, so its profile is checked statically
/// (<see cref="ComposeFileTests"/>).
/// </summary>
[Trait("Category", "Compose")]
public sealed class ComposeStackTests(ComposeImages images, ITestOutputHelper log) : IClassFixture<ComposeImages>
{
    [DockerEngineFact]
    public async Task Up_with_the_postgres_profile_sweeps_on_fresh_apps_writes_the_report_and_down_leaves_nothing()
    {
        // Arrange
        await using var project = new ComposeProject(images, log);
        var report = Path.Combine(Repository.Root, "reports", $"compose-test-{project.Name}");
        var clock = Stopwatch.StartNew();

        try
        {
            // Act
            // (probes as short and as few as the blocking knee's bracket needs, as in QuickSweepTests: this checks the stack)
            var (exitCode, output) = await project.RunAsync(TimeSpan.FromMinutes(20),
                ["--profile", "postgres", "up", "--exit-code-from", "sweep"],
                new()
                {
                    ["EXPERIMENTS"] = "sleep",
                    ["PROFILE"] = "quick",
                    ["WARMUP_SECONDS"] = "1",
                    ["STEP_SECONDS"] = "3",
                    ["PROBES"] = "2",
                    ["REPORT_NAME"] = Path.GetFileName(report),
                });
            log.WriteLine($"docker compose up took {clock.Elapsed.TotalMinutes:0.0} min; "
                + $"the sweep's own time: {Regex.Match(output, @"took [0-9.]+ min").Value}");

            // Assert: the run, ended by the sweep with its exit code, on the stack's PostgreSQL, a fresh app per probe
            Assert.True(exitCode == 0, $"docker compose up exited {exitCode}:\n{Tail(output)}");
            Assert.Contains("sweep: database PostgreSQL (service postgres); a fresh app for every probe, in this container",
                output, StringComparison.Ordinal);
            Assert.Contains($"sweep: report in reports/{Path.GetFileName(report)}/index.html", output, StringComparison.Ordinal);

            // Assert: the report, the repository owner's, opening with the same sections as a laptop report of sleep
            var index = Path.Combine(report, "index.html");
            Assert.True(File.Exists(index), $"no {index}:\n{Tail(output)}");
            Assert.Equal(await OwnerAsync(Repository.Root), await OwnerAsync(index));
            var html = await File.ReadAllTextAsync(index);
            var laptop = HtmlReport.Render(ReportPages.Golden("results-sleep-searched.json"));
            Assert.Equal(Sections(laptop), Sections(html));
            var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(report, "results.json")), "results.json");
            Assert.Contains("started by the sweep on 127.0.0.1 in the sweep's container", RunText.Target(document.Run.Target), StringComparison.Ordinal);
            Assert.StartsWith("a fresh app process for every probe", RunText.Isolation(document.Run.Isolation), StringComparison.Ordinal);
            var sleep = Assert.Single(document.Experiments);
            var sync = sleep.Variants.Single(v => v.Name == "sync");
            Assert.InRange(sync.Capacity?.Concurrency ?? 0, 1, 9);
            Assert.All(sync.Steps, s => Assert.NotNull(s.ThreadsAtStart));

            // Assert: the database and the sweep stopped with the run
            Assert.Empty(await project.ContainersAsync(running: true));

            // Act: down
            var (downExit, downOutput) = await project.RunAsync(TimeSpan.FromMinutes(2), ["--profile", "postgres", "down"], []);

            // Assert: no container, network or volume of the project left
            Assert.True(downExit == 0, $"docker compose down exited {downExit}:\n{downOutput}");
            Assert.Empty(await project.ContainersAsync(running: false));
            Assert.Empty(await Docker.LinesAsync(["network", "ls", "-q", "--filter", $"label=com.docker.compose.project={project.Name}"]));
            Assert.Empty(await Docker.LinesAsync(["volume", "ls", "-q", "--filter", $"label=com.docker.compose.project={project.Name}"]));
        }
        finally
        {
            if (Directory.Exists(report))
            {
                Directory.Delete(report, recursive: true);
            }
        }
    }

    [DockerEngineFact]
    public async Task Without_POSTGRES_PASSWORD_up_refuses_naming_it_before_any_container_starts()
    {
        // Arrange
        await using var project = new ComposeProject(images, log, envFile: await ComposeConfig.EnvFileWithoutAsync("POSTGRES_PASSWORD"));

        // Act
        var (exitCode, output) = await project.RunAsync(TimeSpan.FromMinutes(1),
            ["--profile", "postgres", "up", "--exit-code-from", "sweep"], []);

        // Assert
        Assert.NotEqual(0, exitCode);
        Assert.Contains("POSTGRES_PASSWORD", output, StringComparison.Ordinal);
        Assert.Empty(await project.ContainersAsync(running: false));
    }

    [DockerEngineFact]
    public async Task Ctrl_C_mid_sweep_ends_every_container_of_the_project_within_30_seconds()
    {
        // Arrange: the stack up, the sweep probing
        await using var project = new ComposeProject(images, log);
        using var up = project.Start(["--profile", "postgres", "up", "--exit-code-from", "sweep"],
            new() { ["EXPERIMENTS"] = "sleep", ["PROFILE"] = "quick", ["REPORT_NAME"] = $"compose-test-{project.Name}" });
        await up.WaitForLineAsync("probe 1 of at most", TimeSpan.FromMinutes(5));

        // Act: SIGINT, as Ctrl+C in the terminal sends it
        var clock = Stopwatch.StartNew();
        await up.InterruptAsync();

        await WaitFor.ConditionAsync("every container of the project to stop",
            () => project.ContainersAsync(running: true), c => c.Count == 0,
            c => string.Join(", ", c), TimeSpan.FromSeconds(45));
        var elapsed = clock.Elapsed;
        log.WriteLine($"every container stopped {elapsed.TotalSeconds:0.0} s after SIGINT");

        // Assert
        Assert.True(elapsed <= TimeSpan.FromSeconds(30),
            $"the last container stopped {elapsed.TotalSeconds:0} s after SIGINT:\n{up.Output}");
        await up.WaitForExitAsync(TimeSpan.FromSeconds(30));
        var report = Path.Combine(Repository.Root, "reports", $"compose-test-{project.Name}");
        if (Directory.Exists(report))
        {
            Directory.Delete(report, recursive: true);
        }
    }

    /// <summary>The report's sections: its h2 headings, in order.</summary>
    private static List<string> Sections(string html) =>
        Regex.Matches(html, "<h2[^>]*>(.*?)</h2>", RegexOptions.Singleline).Select(m => m.Groups[1].Value).ToList();

    private static async Task<string> OwnerAsync(string path) =>
        (await ShellProcess.RunAsync("stat", ["-c", "%u:%g", path], new Dictionary<string, string?>())).Output.Trim();

    private static string Tail(string output) => string.Join('\n', output.Split('\n').TakeLast(40));
}
