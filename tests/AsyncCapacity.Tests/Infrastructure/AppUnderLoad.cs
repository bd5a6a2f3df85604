using System.Diagnostics;
using System.Net.Http.Json;
using System.Text.RegularExpressions;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// The app as a process of its own (the build beside the tests), on a loopback port it picks and announces: a fresh
/// thread pool that no test shares, and a process other tools can attach to. Killed, with its children, on dispose.
/// </summary>
internal sealed partial class AppUnderLoad : IAsyncDisposable
{
    private readonly Process _process;

    private AppUnderLoad(Process process, Uri baseAddress)
    {
        _process = process;
        BaseAddress = baseAddress;
        Client = new HttpClient { BaseAddress = baseAddress, Timeout = TimeSpan.FromSeconds(60) };
    }

    public int Id => _process.Id;

    public Uri BaseAddress { get; }

    public HttpClient Client { get; }

    public static async Task<AppUnderLoad> StartAsync(ITestOutputHelper log, IReadOnlyDictionary<string, string>? environment = null)
    {
        var startInfo = new ProcessStartInfo("dotnet")
        {
            // The content root is the working directory: appsettings.json (quiet logs) is read from beside the app.
            WorkingDirectory = AppContext.BaseDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        startInfo.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "AsyncCapacity.Web.dll"));
        startInfo.ArgumentList.Add("--urls");
        startInfo.ArgumentList.Add("http://127.0.0.1:0");
        foreach (var (key, value) in environment ?? new Dictionary<string, string>())
        {
            startInfo.Environment[key] = value;
        }

        var process = Process.Start(startInfo)!;
        process.ErrorDataReceived += (_, e) => Write(log, $"app stderr: {e.Data}", e.Data);
        process.BeginErrorReadLine();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        try
        {
            while (await process.StandardOutput.ReadLineAsync(timeout.Token) is { } line)
            {
                Write(log, $"app: {line}", line);
                if (ListeningLine().Match(line) is { Success: true } match)
                {
                    _ = DrainAsync(process, log);
                    return new AppUnderLoad(process, new Uri(match.Groups["url"].Value));
                }
            }
        }
        catch
        {
            process.Kill(entireProcessTree: true);
            throw;
        }

        throw new InvalidOperationException("The app exited before it said where it listens.");
    }

    /// <summary>/diag/runtime: the reading taken now and the timeline since <paramref name="fromMs"/>.</summary>
    public async Task<RuntimeReport> RuntimeAsync(long fromMs = 0) =>
        (await Client.GetFromJsonAsync<RuntimeReport>($"/diag/runtime?from={fromMs}", WireJson.Options))!;

    public Uri WebSocket(string path) => new UriBuilder(BaseAddress) { Scheme = "ws", Path = path }.Uri;

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        await _process.WaitForExitAsync();
        _process.Dispose();
    }

    private static async Task DrainAsync(Process process, ITestOutputHelper log)
    {
        while (await process.StandardOutput.ReadLineAsync() is { } line)
        {
            Write(log, $"app: {line}", line);
        }
    }

    private static void Write(ITestOutputHelper log, string text, string? line)
    {
        if (line is null)
        {
            return;
        }

        try
        {
            log.WriteLine(text);
        }
        catch (InvalidOperationException)
        {
            // The test has finished; xunit no longer takes output.
        }
    }

    [GeneratedRegex(@"listening on (?<url>http://[^\s]+)")]
    private static partial Regex ListeningLine();
}
