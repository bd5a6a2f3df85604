using System.CommandLine;
using System.Globalization;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>
/// A user's app started as the sweep starts it, for real: built from its project, on a loopback port, ready at its path,
/// stopped with its whole process tree; refused with its own output when it exits at start or never answers.
/// </summary>
public sealed class UserAppsTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string ForeignProject = Path.Combine(Repository.Root, "tests", "ForeignApp", "ForeignApp.csproj");
    private static readonly string ShapesProject = Path.Combine(Repository.Root, "tests", "ShapesApp", "ShapesApp.csproj");
    private static readonly Experiment Sleep = ExperimentCatalog.Get("sleep");
    private readonly string _logs = Directory.CreateTempSubdirectory("capacity-user-app-").FullName;

    private static ProbeRun Probe(int run) => new($"orders-blocking-c1-r{run}", "blocking", 1);

    private Task<UserApps> PrepareAsync(params string[] arguments)
    {
        var (command, build) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", "-e", "sleep", .. arguments]);
        Assert.Empty(parse.Errors);
        var request = build(parse);
        return UserApps.PrepareAsync(request.App!, request, _logs, progress: null, CancellationToken.None);
    }

    [Fact]
    public async Task A_project_is_built_in_Release_and_each_probe_gets_a_fresh_process_of_the_app_itself_stopped_after_it()
    {
        // Arrange
        await using var apps = await PrepareAsync("--app-project", ForeignProject, "--app-ready", "/healthz", "--min-threads", "64",
            "--app-setting", "Orders__Region=west");

        // Act
        int first;
        await using (var app = await apps.StartAsync(Sleep, Probe(1), CancellationToken.None))
        {
            using var http = new HttpClient();
            using var response = await http.GetAsync(new Uri(app.Url, "/orders/blocking?ms=5"));
            Assert.Equal(System.Net.HttpStatusCode.OK, response.StatusCode);
            first = app.ProcessId!.Value;

            // Assert: the process is the app (no shell between), with the user's setting and the startup hook in its environment
            Assert.Contains("ForeignApp.dll", Processes.Read($"/proc/{first}/cmdline"), StringComparison.Ordinal);
            var environment = Processes.Read($"/proc/{first}/environ", '\n').Split('\n');
            Assert.Contains("Orders__Region=west", environment);
            Assert.Contains($"ASPNETCORE_URLS={app.Url}", environment);
            Assert.Contains($"{StartupHook.MinThreadsVariable}=64", environment);
            var hook = Assert.Single(environment, e => e.StartsWith("DOTNET_STARTUP_HOOKS=", StringComparison.Ordinal));
            Assert.True(File.Exists(hook["DOTNET_STARTUP_HOOKS=".Length..]), hook);
        }

        await using var second = await apps.StartAsync(Sleep, Probe(2), CancellationToken.None);

        // Assert: a new process for the next probe; the first one is gone
        Assert.NotEqual(first, second.ProcessId);
        Assert.False(Processes.IsRunning(first), $"process {first} still runs after its probe");
        Assert.Contains("ForeignApp.dll` (built from", RunText.Target(apps.Target), StringComparison.Ordinal);
        Assert.Contains("ready at GET /healthz, minimum pool threads 64, set by a startup hook", RunText.Target(apps.Target), StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_app_given_as_a_command_starts_in_its_own_folder_where_it_reads_its_files()
    {
        // Arrange: ShapesApp reads catalog.json from its content root; the sweep runs from the repository's folder.
        var dll = await UserAppBuild.BuildAsync(ShapesProject, _logs, CancellationToken.None);
        await using var apps = await PrepareAsync("--app", $"dotnet {dll}", "--app-ready", "/healthz");

        // Act
        await using var app = await apps.StartAsync(Sleep, Probe(1), CancellationToken.None);
        using var http = new HttpClient();
        var item = await http.GetStringAsync(new Uri(app.Url, "/stock/awaited/2?ms=1"));

        // Assert
        Assert.Contains("Gadget", item, StringComparison.Ordinal);
        Assert.Equal(Path.GetDirectoryName(dll), Processes.ReadLink($"/proc/{app.ProcessId}/cwd"));
        Assert.Contains($"in {Path.GetDirectoryName(dll)} on 127.0.0.1", RunText.Target(apps.Target), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Placeholders_give_the_command_its_port_and_url()
    {
        // Arrange: the built foreign app, told its URL on its command line rather than through ASPNETCORE_URLS
        var dll = await UserAppBuild.BuildAsync(ForeignProject, _logs, CancellationToken.None);
        await using var apps = await PrepareAsync("--app", $"dotnet {dll} --urls {{url}} --marker {{port}}");

        // Act
        await using var app = await apps.StartAsync(Sleep, Probe(1), CancellationToken.None);

        // Assert
        var commandLine = Processes.Read($"/proc/{app.ProcessId}/cmdline");
        Assert.Contains($"--urls {app.Url.ToString().TrimEnd('/')} --marker {app.Url.Port}", commandLine, StringComparison.Ordinal);
        Assert.DoesNotContain("ASPNETCORE_URLS=", Processes.Read($"/proc/{app.ProcessId}/environ", '\n'), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_command_that_exits_at_start_is_refused_with_its_exit_code_and_its_last_output()
    {
        // Arrange
        await using var apps = await PrepareAsync("--app", "sh -c \"echo 'Unable to bind: address in use' >&2; exit 3\"");

        // Act
        var refusal = await Assert.ThrowsAsync<HarnessException>(() => apps.StartAsync(Sleep, Probe(1), CancellationToken.None));

        // Assert
        log.WriteLine(refusal.Message);
        Assert.Contains("Your app `sh -c \"echo 'Unable to bind: address in use' >&2; exit 3\"` exited at start (code 3).", refusal.Message,
            StringComparison.Ordinal);
        Assert.Contains("Unable to bind: address in use", refusal.Message, StringComparison.Ordinal);
        Assert.Contains("Full log: ", refusal.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_startup_hook_that_cannot_set_the_minimum_stops_the_app_at_start_saying_why()
    {
        // Arrange: the hook the sweep gives a user's app, with a value the sweep's own option would never pass
        var dll = await UserAppBuild.BuildAsync(ForeignProject, _logs, CancellationToken.None);
        var hook = typeof(StartupHook).Assembly.Location;
        await using var apps = await PrepareAsync("--app",
            $"env {StartupHook.MinThreadsVariable}=lots DOTNET_STARTUP_HOOKS={hook} dotnet {dll}");

        // Act
        var refusal = await Assert.ThrowsAsync<HarnessException>(() => apps.StartAsync(Sleep, Probe(1), CancellationToken.None));

        // Assert: the hook ran inside the app before its Main, and said what it refused
        Assert.Contains("exited at start (code 78)", refusal.Message, StringComparison.Ordinal);
        Assert.Contains($"error: {StartupHook.MinThreadsVariable}=lots: ThreadPool.SetMinThreads refused it", refusal.Message,
            StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_command_never_ready_is_refused_after_its_timeout_and_its_whole_process_tree_is_stopped()
    {
        // Arrange: a shell whose child outlives it unless the whole tree is killed; the sleep's length marks it
        var marker = string.Create(CultureInfo.InvariantCulture, $"29{Random.Shared.Next(100_000, 999_999)}");
        await using var apps = await PrepareAsync("--app", $"sh -c \"sleep {marker} & echo starting the orders service; wait\"");
        apps.StartTimeout = TimeSpan.FromSeconds(3);

        // Act
        var refusal = await Assert.ThrowsAsync<HarnessException>(() => apps.StartAsync(Sleep, Probe(1), CancellationToken.None));

        // Assert
        log.WriteLine(refusal.Message);
        Assert.Matches(@"did not answer GET / on http://127\.0\.0\.1:\d+/ within 3 s \(any answer below 500 counts\)", refusal.Message);
        Assert.Contains("--app-ready", refusal.Message, StringComparison.Ordinal);
        Assert.Contains("starting the orders service", refusal.Message, StringComparison.Ordinal);
        Assert.Empty(Processes.WithCommandLine($"sleep {marker}"));
    }

    [Fact]
    public async Task Ctrl_C_while_the_app_starts_stops_its_whole_process_tree()
    {
        // Arrange
        var marker = string.Create(CultureInfo.InvariantCulture, $"28{Random.Shared.Next(100_000, 999_999)}");
        await using var apps = await PrepareAsync("--app", $"sh -c \"sleep {marker} & wait\"");
        using var interrupt = new CancellationTokenSource();

        // Act
        var start = apps.StartAsync(Sleep, Probe(1), interrupt.Token);
        // The shell's command line names the sleep too: two processes once its child runs.
        await WaitFor.ConditionAsync("the app's child to start", () => Task.FromResult(Processes.WithCommandLine($"sleep {marker}").Count),
            count => count >= 2);
        await interrupt.CancelAsync();

        // Assert
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => start);
        Assert.Empty(Processes.WithCommandLine($"sleep {marker}"));
    }

    public void Dispose() => Directory.Delete(_logs, recursive: true);
}
