using System.Text.RegularExpressions;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The app under test, built once in Release and started as a fresh process on a free loopback port.</summary>
internal sealed partial class WebApp : IAsyncDisposable
{
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(30);
    private readonly ChildProcess _process;

    private WebApp(ChildProcess process, Uri url)
    {
        _process = process;
        Url = url;
    }

    public Uri Url { get; }

    public static async Task BuildAsync(RepositoryLayout layout, string logDirectory, CancellationToken cancellationToken)
    {
        await using var build = ChildProcess.Start(DotnetHost(),
            ["build", layout.WebProject, "-c", "Release", "--nologo", "-v", "q"],
            layout.Root, new Dictionary<string, string>(), Path.Combine(logDirectory, "app-build.log"));
        var exitCode = await build.WaitForExitAsync(cancellationToken);
        if (exitCode != 0)
        {
            throw new HarnessException($"Building the app failed (exit {exitCode}); see {build.LogPath}:{Environment.NewLine}{build.Tail()}");
        }
    }

    /// <summary>Starts the app and waits for its start-up line ("listening on http://…") and a healthy /healthz.</summary>
    public static async Task<WebApp> StartAsync(
        RepositoryLayout layout, IReadOnlyDictionary<string, string> environment, string logPath, CancellationToken cancellationToken)
    {
        var listening = new TaskCompletionSource<Uri>(TaskCreationOptions.RunContinuationsAsynchronously);
        var process = ChildProcess.Start(DotnetHost(),
            [Path.Combine(layout.WebOutput, "AsyncCapacity.Web.dll"), "--urls", "http://127.0.0.1:0"],
            layout.WebOutput, environment, logPath,
            line =>
            {
                if (ListeningLine().Match(line) is { Success: true } match)
                {
                    listening.TrySetResult(new Uri(match.Groups["url"].Value));
                }
            });

        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(StartTimeout);
            var exited = process.WaitForExitAsync(timeout.Token);
            var first = await Task.WhenAny(listening.Task, exited, Task.Delay(Timeout.Infinite, timeout.Token));
            cancellationToken.ThrowIfCancellationRequested();
            if (first != listening.Task)
            {
                throw new HarnessException(
                    $"The app did not start within {StartTimeout.TotalSeconds:0} s; see {logPath}:{Environment.NewLine}{process.Tail()}");
            }

            var app = new WebApp(process, await listening.Task);
            await new AppClient(app.Url).WaitHealthyAsync(StartTimeout, cancellationToken);
            return app;
        }
        catch
        {
            await process.DisposeAsync();
            throw;
        }
    }

    public ValueTask DisposeAsync() => _process.DisposeAsync();

    /// <summary>The dotnet host that runs this tool when there is one (dotnet run sets DOTNET_HOST_PATH), else PATH's.</summary>
    private static string DotnetHost() => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";

    [GeneratedRegex(@"listening on (?<url>https?://[^\s]+)")]
    private static partial Regex ListeningLine();
}
