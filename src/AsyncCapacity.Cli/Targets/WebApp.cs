namespace AsyncCapacity.Cli.Targets;

internal sealed class WebApp : IAsyncDisposable
{
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(30);
    private readonly ChildProcess _process;

    private WebApp(ChildProcess process, Uri url, Uri? tlsUrl)
    {
        _process = process;
        Url = url;
        TlsUrl = tlsUrl;
    }

    public Uri Url { get; }

    public int ProcessId => _process.Id;

    public Uri? TlsUrl { get; }

    public static Task BuildAsync(RepositoryLayout layout, string logDirectory, CancellationToken cancellationToken) =>
        BuildAsync(layout, layout.WebProject, "the app", Path.Combine(logDirectory, "app-build.log"), cancellationToken);

    public static Task BuildMinimalAsync(RepositoryLayout layout, string logDirectory, CancellationToken cancellationToken) =>
        BuildAsync(layout, layout.MinimalProject, "bench/MinimalApp", Path.Combine(logDirectory, "minimal-build.log"), cancellationToken);

    private static async Task BuildAsync(RepositoryLayout layout, string project, string name,
        string logPath, CancellationToken cancellationToken)
    {
        await using var build = ChildProcess.Start(DotnetHost(),
            ["build", project, "-c", "Release", "--nologo", "-v", "q"],
            layout.Root, new Dictionary<string, string>(), logPath);
        var exitCode = await build.WaitForExitAsync(cancellationToken);
        if (exitCode != 0)
        {
            throw new HarnessException(
                $"Building {name} failed (exit {exitCode}); see {build.LogPath}:{Environment.NewLine}{build.Tail()}");
        }
    }

    public static Task<WebApp> StartMinimalAsync(RepositoryLayout layout, string logPath,
        CancellationToken cancellationToken, string? cpus = null, CpuQuotaGroup? quota = null) =>
        StartAsync(Path.Combine(layout.MinimalOutput, "MinimalApp.dll"), layout.MinimalOutput,
            new Dictionary<string, string> { ["ASPNETCORE_ENVIRONMENT"] = "Production", ["DOTNET_ENVIRONMENT"] = "Production" },
            logPath, tls: false, cpus, cancellationToken, quota);

    public static Task<WebApp> StartAsync(
        RepositoryLayout layout, IReadOnlyDictionary<string, string> environment, string logPath, CancellationToken cancellationToken,
        bool tls = false, string? cpus = null, CpuQuotaGroup? quota = null) =>
        StartAsync(Path.Combine(layout.WebOutput, "AsyncCapacity.Web.dll"), layout.WebOutput,
            environment, logPath, tls, cpus, cancellationToken, quota);

    private static async Task<WebApp> StartAsync(
        string dll, string workingDirectory, IReadOnlyDictionary<string, string> environment, string logPath, bool tls, string? cpus,
        CancellationToken cancellationToken, CpuQuotaGroup? quota = null)
    {
        var url = new Uri($"http://127.0.0.1:{LoopbackPort.Free()}");
        var tlsUrl = tls ? new Uri($"https://127.0.0.1:{LoopbackPort.Free()}") : null;
        var urls = tlsUrl is null ? url.ToString() : $"{url};{tlsUrl}";
        var process = ChildProcess.Start(DotnetHost(),
            [dll, "--urls", urls], workingDirectory, environment, logPath, cpus: cpus, quota: quota);
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(StartTimeout);
            var exited = process.WaitForExitAsync(timeout.Token);
            var healthy = new AppClient(url).WaitHealthyAsync(StartTimeout, timeout.Token);
            if (await Task.WhenAny(healthy, exited) != healthy || !healthy.IsCompletedSuccessfully)
            {
                cancellationToken.ThrowIfCancellationRequested();
                // An app that refused its settings says why in one line per setting ("error: Audit:BoundedWriters (environment
                // Audit__BoundedWriters) must be between 1 and 64; got 0."); any other failure in its "Unhandled exception." line.
                var reason = ReasonFrom(logPath);
                throw new HarnessException(exited.IsCompletedSuccessfully
                    ? $"The app exited at start (code {exited.Result}): {reason ?? process.Tail()}{Environment.NewLine}Full log: {logPath}"
                    : $"The app did not start on {url} within {StartTimeout.TotalSeconds:0} s; "
                        + $"see {logPath}:{Environment.NewLine}{process.Tail()}");
            }

            return new WebApp(process, url, tlsUrl);
        }
        catch
        {
            await process.DisposeAsync();
            throw;
        }
    }

    public ValueTask DisposeAsync() => _process.DisposeAsync();

    private static string? ReasonFrom(string logPath)
    {
        try
        {
            using var stream = new FileStream(logPath, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            using var reader = new StreamReader(stream);
            string? reason = null;
            var errors = new List<string>();
            while (reader.ReadLine() is { } line)
            {
                if (line.StartsWith("error: ", StringComparison.Ordinal))
                {
                    errors.Add(line);
                }
                else if (line.StartsWith("Unhandled exception.", StringComparison.Ordinal))
                {
                    reason = line;
                }
            }

            return errors.Count > 0 ? string.Join(Environment.NewLine, errors) : reason;
        }
        catch (IOException)
        {
            return null;
        }
    }

    /// <summary>dotnet run sets DOTNET_HOST_PATH.</summary>
    internal static string DotnetHost() => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";
}
