using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// The built app (the AsyncCapacity.Web.dll beside the tests) as a process of its own, started with `dotnet` from a
/// working directory and environment the test chooses, its standard output and error kept line by line.
/// </summary>
internal sealed partial class AppProcess : IAsyncDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

    private readonly Process _process;
    private readonly List<string> _output = [];
    private readonly List<string> _errors = [];
    private readonly TaskCompletionSource<Uri> _listening = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private AppProcess(Process process) => _process = process;

    public int Id => _process.Id;

    /// <summary>What the app printed on standard output so far (its logs).</summary>
    public IReadOnlyList<string> Output => Snapshot(_output);

    /// <summary>What the app printed on standard error so far.</summary>
    public IReadOnlyList<string> Errors => Snapshot(_errors);

    public static AppProcess Start(string workingDirectory, IReadOnlyDictionary<string, string> environment, params string[] arguments)
    {
        var startInfo = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        startInfo.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "AsyncCapacity.Web.dll"));
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        // Addresses inherited from the test's environment would add a line of their own ("Overriding HTTP_PORTS").
        foreach (var inherited in new[] { "ASPNETCORE_URLS", "ASPNETCORE_HTTP_PORTS", "ASPNETCORE_HTTPS_PORTS", "DOTNET_URLS" })
        {
            startInfo.Environment.Remove(inherited);
        }

        foreach (var (key, value) in environment)
        {
            startInfo.Environment[key] = value;
        }

        var app = new AppProcess(new Process { StartInfo = startInfo });
        app._process.OutputDataReceived += (_, e) => app.Record(app._output, e.Data);
        app._process.ErrorDataReceived += (_, e) => app.Record(app._errors, e.Data);
        app._process.Start();
        app._process.BeginOutputReadLine();
        app._process.BeginErrorReadLine();
        return app;
    }

    /// <summary>Where the app listens, from its start-up line; fails when it exits or stays silent first.</summary>
    public async Task<Uri> ListeningAsync()
    {
        var exited = _process.WaitForExitAsync();
        var first = await Task.WhenAny(_listening.Task, exited).WaitAsync(Timeout);
        return first == _listening.Task
            ? await _listening.Task
            : throw new InvalidOperationException($"The app exited (code {_process.ExitCode}) before it said where it listens:\n"
                + $"{string.Join('\n', Output.Concat(Errors))}");
    }

    /// <summary>Sends SIGTERM, as a container runtime or Ctrl+C would, and waits for the exit and the last line.</summary>
    public async Task<int> StopAsync()
    {
        using (var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }

        return await WaitForExitAsync();
    }

    /// <summary>Waits for the app to exit by itself; its output is complete when this returns.</summary>
    public async Task<int> WaitForExitAsync()
    {
        await _process.WaitForExitAsync().WaitAsync(Timeout);

        // The overload without a timeout also waits for the redirected streams to reach their end.
        _process.WaitForExit();
        return _process.ExitCode;
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }

        _process.Dispose();
    }

    private void Record(List<string> lines, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (lines)
        {
            lines.Add(line);
        }

        if (ListeningLine().Match(line) is { Success: true } match)
        {
            _listening.TrySetResult(new Uri(match.Groups["url"].Value));
        }
    }

    private static List<string> Snapshot(List<string> lines)
    {
        lock (lines)
        {
            return [.. lines];
        }
    }

    [GeneratedRegex(@"listening on (?<url>http://[^\s]+)")]
    private static partial Regex ListeningLine();
}
