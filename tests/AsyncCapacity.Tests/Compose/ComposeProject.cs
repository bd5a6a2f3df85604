using System.ComponentModel;
using System.Diagnostics;
using System.Text;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// The images `docker compose up` builds (the sweep's, from the Dockerfile), built once for the class: the official
/// base images where a registry answers, or the stand-ins that docker/standins/build.sh made and named in
/// docker/standins/standins.env.
/// </summary>
public sealed class ComposeImages : IAsyncLifetime
{
    private static readonly string StandIns = Path.Combine(Repository.Root, "docker", "standins", "standins.env");

    /// <summary>The env files every compose command of the tests reads: the repository's .env, then the stand-ins' if built.</summary>
    public IReadOnlyList<string> EnvFiles { get; } =
        File.Exists(StandIns) ? [Path.Combine(Repository.Root, ".env"), StandIns] : [Path.Combine(Repository.Root, ".env")];

    public async Task InitializeAsync()
    {
        if (DockerEngineFactAttribute.Unavailable.Value is not null)
        {
            return;
        }

        var build = await ComposeProject.ComposeAsync(EnvFiles, "asynccapacity-test-build", TimeSpan.FromMinutes(25),
            ["--profile", "postgres", "build", "sweep"], []);
        Assert.True(build.ExitCode == 0, $"docker compose build exited {build.ExitCode}:\n{build.Output}");
    }

    public Task DisposeAsync() => Task.CompletedTask;
}

/// <summary>One compose project of a test, named uniquely, removed with everything it made when the test ends.</summary>
internal sealed class ComposeProject(ComposeImages images, ITestOutputHelper log, string? envFile = null) : IAsyncDisposable
{
    public string Name { get; } = $"acap{Guid.NewGuid():N}"[..16];

    private IReadOnlyList<string> EnvFiles => envFile is null ? images.EnvFiles : [envFile, .. images.EnvFiles.Skip(1)];

    public async Task<(int ExitCode, string Output)> RunAsync(TimeSpan timeout, string[] arguments, Dictionary<string, string?> environment)
    {
        var (exitCode, output) = await ComposeAsync(EnvFiles, Name, timeout, arguments, environment);
        log.WriteLine($"$ docker compose {string.Join(' ', arguments)} → {exitCode}\n{string.Join('\n', output.Split('\n').TakeLast(60))}");
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
            throw new TimeoutException($"docker compose {string.Join(' ', arguments)} did not finish within {timeout.TotalMinutes:0} min:\n{output}");
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
        IReadOnlyList<string> envFiles, string project, string[] arguments, Dictionary<string, string?> environment, string program = "docker")
    {
        var startInfo = new ProcessStartInfo(program)
        {
            WorkingDirectory = Repository.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in (string[])[.. program == "docker" ? Array.Empty<string>() : ["docker"], "compose", "--project-directory", Repository.Root, "-f", Path.Combine(Repository.Root, "docker-compose.yml"),
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

/// <summary>`docker compose up` left running: its output as it comes, and a way to wait for a line.</summary>
internal sealed class RunningCompose : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly Task _reading;

    public RunningCompose(Process process)
    {
        _process = process;
        _reading = Task.WhenAll(Read(process.StandardOutput), Read(process.StandardError));
    }

    /// <summary>Sends SIGINT to the command's process group, as Ctrl+C in its terminal would.</summary>
    public async Task InterruptAsync()
    {
        using var kill = Process.Start("kill", ["-INT", "--", $"-{_process.Id}"]);
        await kill.WaitForExitAsync();
    }

    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    public Task WaitForLineAsync(string text, TimeSpan timeout) =>
        WaitFor.ConditionAsync($"'{text}' in the output of docker compose up", () => Task.FromResult(Output),
            output => output.Contains(text, StringComparison.Ordinal), output => string.Join('\n', output.Split('\n').TakeLast(30)), timeout);

    public async Task WaitForExitAsync(TimeSpan timeout)
    {
        using var limit = new CancellationTokenSource(timeout);
        await _process.WaitForExitAsync(limit.Token);
        await _reading;
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private async Task Read(StreamReader reader)
    {
        while (await reader.ReadLineAsync() is { } line)
        {
            lock (_output)
            {
                _output.AppendLine(line);
            }
        }
    }
}

/// <summary>The docker client, for what compose does not show (containers, networks and volumes by label).</summary>
internal static class Docker
{
    public static async Task<IReadOnlyList<string>> LinesAsync(string[] arguments)
    {
        var (exitCode, output, errors) = await ShellProcess.RunAsync("docker", arguments, new Dictionary<string, string?>());
        Assert.True(exitCode == 0, $"docker {string.Join(' ', arguments)} exited {exitCode}: {errors}");
        return output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}

/// <summary>
/// A [Fact] that needs a Docker engine and Compose v2: skipped, saying what to start, where none answers; never in CI
/// (CI=true), where .ci/run starts an engine and a skip would hide that it did not.
/// </summary>
public sealed class DockerEngineFactAttribute : FactAttribute
{
    public static readonly Lazy<string?> Unavailable = new(() =>
    {
        if (Environment.GetEnvironmentVariable("CI") == "true")
        {
            return null;
        }

        if (ComposeConfig.Unavailable.Value is { } noCompose)
        {
            return noCompose;
        }

        try
        {
            var (exitCode, _, errors) = ShellProcess.RunAsync("docker", ["info", "--format", "{{.ServerVersion}}"], new Dictionary<string, string?>())
                .GetAwaiter().GetResult();
            return exitCode == 0 ? null
                : $"No Docker engine answers (`docker info`: {errors.Trim().Split('\n')[0]}). Start one (dockerd), or set DOCKER_HOST.";
        }
        catch (Win32Exception)
        {
            return "No `docker` on PATH.";
        }
    });

    public DockerEngineFactAttribute() => Skip = Unavailable.Value;
}
