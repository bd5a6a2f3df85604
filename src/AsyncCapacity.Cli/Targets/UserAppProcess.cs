using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Targets;

/// <summary>One start of a user's app for one probe: on a free loopback port, ready once its readiness path answers.</summary>
internal sealed class UserAppProcess : IRunningApp
{
    private readonly ChildProcess _process;

    private UserAppProcess(ChildProcess process, Uri url) => (_process, Url) = (process, url);

    public Uri Url { get; }

    public int? ProcessId => _process.Id;

    /// <param name="words">The command split into words, {port} and {url} not yet filled in.</param>
    public static async Task<UserAppProcess> StartAsync(
        UserApp app, IReadOnlyList<string> words, string workingDirectory, IReadOnlyDictionary<string, string> environment,
        string logPath, string? cpus, TimeSpan readyTimeout, CancellationToken cancellationToken, CpuQuotaGroup? quota = null)
    {
        var port = LoopbackPort.Free();
        var url = new Uri($"http://127.0.0.1:{port}");
        var filled = words.Select(w => Fill(w, port, url)).ToList();
        var withUrl = new Dictionary<string, string>(environment);
        if (filled.SequenceEqual(words))
        {
            // No placeholder: ASP.NET Core listens where ASPNETCORE_URLS says
            // (https://learn.microsoft.com/aspnet/core/fundamentals/servers/kestrel/endpoints).
            withUrl["ASPNETCORE_URLS"] = url.ToString();
        }

        var process = ChildProcess.Start(filled[0], filled.Skip(1), workingDirectory, withUrl, logPath, cpus: cpus, quota: quota);
        try
        {
            await WaitReadyAsync(app, process, new AppClient(url), url, readyTimeout, cancellationToken);
            return new UserAppProcess(process, url);
        }
        catch
        {
            await process.DisposeAsync();
            throw;
        }
    }

    private static async Task WaitReadyAsync(
        UserApp app, ChildProcess process, AppClient client, Uri url, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var deadline = DateTime.UtcNow + timeout;
        while (!await client.AnswersAsync(app.ReadyPath, cancellationToken))
        {
            if (process.HasExited)
            {
                var code = await process.WaitForExitAsync(cancellationToken);
                throw new HarnessException($"Your app {app.Shown} exited at start (code {code}). Its last output:"
                    + $"{Environment.NewLine}{Tail(process)}{Environment.NewLine}Full log: {process.LogPath}");
            }

            if (DateTime.UtcNow > deadline)
            {
                throw new HarnessException($"Your app {app.Shown} did not answer GET {app.ReadyPath} on {url} within "
                    + $"{timeout.TotalSeconds:0} s (any answer below 500 counts). Make it listen on the URL the sweep gives it ({{url}} or "
                    + "{port} in --app, else ASPNETCORE_URLS), or point --app-ready at a path it serves. Its last output:"
                    + $"{Environment.NewLine}{Tail(process)}{Environment.NewLine}Full log: {process.LogPath}");
            }

            await Task.Delay(200, cancellationToken);
        }
    }

    private static string Fill(string word, int port, Uri url) =>
        word.Replace("{url}", url.ToString().TrimEnd('/'), StringComparison.Ordinal)
            .Replace("{port}", port.ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);

    private static string Tail(ChildProcess process) => process.Tail() is { Length: > 0 } tail ? tail : "(nothing)";

    public ValueTask<bool> EndSessionsAsync() => StopAsync();

    // A user's app has no /diag/runtime: what the runtime says of it is read from outside, by its process id.
    public Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken) => Task.FromResult<RuntimeReport?>(null);

    public async Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken)
    {
        await _process.DisposeAsync();
        return [];
    }

    public ValueTask DisposeAsync() => _process.DisposeAsync();

    private async ValueTask<bool> StopAsync()
    {
        await _process.DisposeAsync();
        return true;
    }
}
