using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Web.Settings;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Web;

/// <summary>The app started as a process with bad settings, and with a pool minimum it applies at start
/// (InvalidSettingsTests refuses each setting while the app is built).</summary>
public sealed class StartupValidationTests
{
    public static TheoryData<string[], string> BadEnvironments => new()
    {
        { ["Audit__BoundedWriters=0"], "Audit:BoundedWriters (environment Audit__BoundedWriters) must be between 1 and 64; got 0." },
        { ["Audit__BoundedWriters=abc"], "Audit:BoundedWriters (environment Audit__BoundedWriters) must be between 1 and 64; got 'abc'." },
        { ["Database__Provider=Oracle"],
            "Database:Provider (environment Database__Provider) must be one of None, PostgreSQL, SqlServer; got 'Oracle'." },
        {
            ["RequestQueue__Limit=100"],
            "RequestQueue:Limit (environment RequestQueue__Limit) is set but RequestQueue:MaxConcurrent is 0, "
                + "which turns the queue off: set both; got 100."
        },
        {
            ["RequestQueue__RetryAfterSeconds=1"],
            "RequestQueue:RetryAfterSeconds (environment RequestQueue__RetryAfterSeconds) is set but "
                + "RequestQueue:MaxConcurrent is 0, which turns the queue off: set both; got 1."
        },
        {
            ["Diagnostics__TimelineFile=/proc/no-such-folder/timeline.jsonl"],
            "Diagnostics:TimelineFile (environment Diagnostics__TimelineFile) must name a file the app can create or append to"
        },
        {
            // Valid on its own, refused by the runtime when it caps the pool below it: applied at start, reported alike
            ["DOTNET_ThreadPool_ForceMaxWorkerThreads=20", "ThreadPool__MinWorkerThreads=50"],
            "ThreadPool:MinWorkerThreads (environment ThreadPool__MinWorkerThreads) was refused by ThreadPool.SetMinThreads"
        },
    };

    [Theory]
    [MemberData(nameof(BadEnvironments))]
    public async Task Started_with_a_bad_setting_the_app_prints_one_error_line_naming_it_and_exits_78(string[] environment, string expected)
    {
        // Arrange
        var variables = environment.Select(entry => entry.Split('=', 2)).ToDictionary(pair => pair[0], pair => pair[1]);

        // Act
        await using var app = AppProcess.Start(Path.GetTempPath(), variables, "--urls", "http://127.0.0.1:0");
        var exitCode = await app.WaitForExitAsync();

        // Assert: one line on standard error, nothing else anywhere (no stack trace, no log of the failure)
        Assert.Equal(BadSettings.ExitCode, exitCode);
        var line = Assert.Single(app.Errors);
        Assert.StartsWith("error: " + expected, line, StringComparison.Ordinal);
        Assert.EndsWith(".", line, StringComparison.Ordinal);
        Assert.Empty(app.Output);
    }

    [Fact]
    public async Task Every_bad_setting_gets_its_own_line()
    {
        // Act
        await using var app = AppProcess.Start(Path.GetTempPath(), new Dictionary<string, string>
        {
            ["Audit__BoundedWriters"] = "0",
            ["Audit__BatchSize"] = "many",
            ["Diagnostics__SampleIntervalMs"] = "1",
        }, "--urls", "http://127.0.0.1:0");
        var exitCode = await app.WaitForExitAsync();

        // Assert
        Assert.Equal(BadSettings.ExitCode, exitCode);
        Assert.Equal(
            [
                "error: Audit:BatchSize (environment Audit__BatchSize) must be between 1 and 500; got 'many'.",
                "error: Audit:BoundedWriters (environment Audit__BoundedWriters) must be between 1 and 64; got 0.",
                "error: Diagnostics:SampleIntervalMs (environment Diagnostics__SampleIntervalMs) must be between 100 and 60000 ms; got 1.",
            ],
            app.Errors.Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Min_worker_threads_raises_the_pools_minimum_at_start()
    {
        // Arrange
        using var restore = new MinThreadsRestorer();
        var settings = AppHostFixture.DefaultSettings();
        settings["ThreadPool:MinWorkerThreads"] = "37";
        await using var app = AppHostFixture.Build(settings);

        // Act
        await app.StartAsync();

        // Assert
        ThreadPool.GetMinThreads(out var workers, out _);
        Assert.Equal(37, workers);
    }
}
