using System.Diagnostics;
using System.Text;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Compose;

/// <summary>One compose project of a test, named uniquely, removed with everything it made when the test ends.</summary>
internal sealed class ComposeProject(ComposeImages images, ITestOutputHelper log, string? envFile = null) : IAsyncDisposable
{
    public string Name { get; } = $"acap{Guid.NewGuid():N}"[..16];

    private IReadOnlyList<string> EnvFiles => envFile is null ? images.EnvFiles : [envFile, .. images.EnvFiles.Skip(1)];

    public async Task<(int ExitCode, string Output)> RunAsync(TimeSpan timeout, string[] arguments, Dictionary<string, string?> environment)
    {
        var (exitCode, output) = await ComposeAsync(EnvFiles, Name, timeout, arguments, environment);
        var tail = string.Join('\n', output.Split('\n').TakeLast(60));
        log.WriteLine($"$ docker compose {string.Join(' ', arguments)} → {exitCode}\n{tail}");
        return (exitCode, output);
    }

    /// <summary>
    /// A compose command left running (up), its output collected as it comes, in a process group of its own (setsid), as
    /// a terminal runs a command: Ctrl+C there signals the whole group, compose and the plugin process it runs in.
    /// </summary>
    public RunningCompose Start(string[] arguments, Dictionary<string, string?> environment) =>
        new(Process.Start(StartInfo(EnvFiles, Name, arguments, environment, program: "setsid"))!);

    /// <summary>The names of the project's containers: running ones, or all.</summary>
    public async Task<IReadOnlyList<string>> ContainersAsync(bool running) =>
        await Docker.LinesAsync(["ps", .. running ? Array.Empty<string>() : ["-a"], "--format", "{{.Names}}",
            "--filter", $"label=com.docker.compose.project={Name}"]);

    public async ValueTask DisposeAsync()
    {
        await ComposeAsync(EnvFiles, Name, TimeSpan.FromMinutes(2), ["--profile", "*", "down", "--volumes", "--timeout", "1"], []);
    }

    public static async Task<(int ExitCode, string Output)> ComposeAsync(
        IReadOnlyList<string> envFiles, string project, TimeSpan timeout, string[] arguments, Dictionary<string, string?> environment)
    {
        using var process = Process.Start(StartInfo(envFiles, project, arguments, environment))!;
        var output = new StringBuilder();
        var lines = Task.WhenAll(Collect(process.StandardOutput, output), Collect(process.StandardError, output));
        using var limit = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await lines;
            throw new TimeoutException(
                $"docker compose {string.Join(' ', arguments)} did not finish within {timeout.TotalMinutes:0} min:\n{output}");
        }

        await lines;
        return (process.ExitCode, output.ToString());
    }

    private static async Task Collect(StreamReader reader, StringBuilder output)
    {
        while (await reader.ReadLineAsync() is { } line)
        {
            lock (output)
            {
                output.AppendLine(line);
            }
        }
    }

    private static ProcessStartInfo StartInfo(
        IReadOnlyList<string> envFiles,
        string project,
        string[] arguments,
        Dictionary<string, string?> environment,
        string program = "docker")
    {
        var startInfo = new ProcessStartInfo(program)
        {
            WorkingDirectory = Repository.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        string[] file = ["--project-directory", Repository.Root, "-f", Path.Combine(Repository.Root, "docker-compose.yml")];
        foreach (var argument in (string[])[.. program == "docker" ? Array.Empty<string>() : ["docker"], "compose", .. file,
            "-p", project, .. envFiles.SelectMany(f => new[] { "--env-file", f }), "--ansi", "never", .. arguments])
        {
            startInfo.ArgumentList.Add(argument);
        }

        foreach (var name in ComposeConfig.Variables)
        {
            startInfo.Environment.Remove(name);
        }

        foreach (var (name, value) in environment)
        {
            startInfo.Environment[name] = value;
        }

        return startInfo;
    }
}
