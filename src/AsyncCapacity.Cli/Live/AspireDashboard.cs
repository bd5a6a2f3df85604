using System.Reflection;
using System.Text.Json;
using AsyncCapacity.Cli.Targets;

namespace AsyncCapacity.Cli.Live;

/// <summary>The standalone Aspire dashboard (learn.microsoft.com/dotnet/aspire/fundamentals/dashboard/standalone) from its NuGet
/// package's Native-AOT executable on loopback ports, with its standard protection (aspire.dev/dashboard/configuration): a
/// browser token in the login URL, an API key for OTLP and the telemetry API, one random secret per sweep.</summary>
internal sealed class AspireDashboard : IAsyncDisposable
{
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(30);
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(5) };
    private readonly ChildProcess _process;
    private bool _kept;

    private AspireDashboard(ChildProcess process, Uri url, Uri otlpGrpc, string key)
    {
        (_process, Url, OtlpGrpc, Key) = (process, url, otlpGrpc, key);
    }

    public Uri Url { get; }

    /// <summary>The secret: the browser token, and the key OTLP senders and the telemetry API give.</summary>
    public string Key { get; }

    /// <summary>Opened once, it signs the browser in (a cookie) and goes to the dashboard.</summary>
    public Uri LoginUrl => new(Url, $"/login?t={Key}");

    /// <summary>The header OTLP senders give the key in (the dashboard's Otlp:AuthMode ApiKey).</summary>
    public string OtlpHeaders => $"x-otlp-api-key={Key}";

    public Uri OtlpGrpc { get; }

    public int ProcessId => _process.Id;

    /// <summary>The dashboard's list of what reported (name, instance, whether it sent metrics).</summary>
    public Uri ResourcesApi => new(Url, "/api/telemetry/resources");

    /// <summary>Restores the package if needed, starts the dashboard and waits until it answers; a failure says why.</summary>
    /// <param name="detachable">Whether it may outlive this process (--live keep): its output then goes to the log file directly.</param>
    public static async Task<AspireDashboard> StartAsync(
        RepositoryLayout layout, string logDirectory, bool detachable, CancellationToken cancellationToken)
    {
        var executable = await DashboardPackage.RestoreAsync(layout, logDirectory, cancellationToken);
        var (url, grpc, http) = (Loopback(), Loopback(), Loopback());
        var key = Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(16));
        var environment = new Dictionary<string, string>
        {
            ["ASPNETCORE_URLS"] = url.ToString(),
            ["ASPIRE_DASHBOARD_OTLP_ENDPOINT_URL"] = grpc.ToString(),
            ["ASPIRE_DASHBOARD_OTLP_HTTP_ENDPOINT_URL"] = http.ToString(),
            ["DASHBOARD__FRONTEND__AUTHMODE"] = "BrowserToken",
            ["DASHBOARD__FRONTEND__BROWSERTOKEN"] = key,
            ["DASHBOARD__OTLP__AUTHMODE"] = "ApiKey",
            ["DASHBOARD__OTLP__PRIMARYAPIKEY"] = key,
            ["DASHBOARD__API__AUTHMODE"] = "ApiKey",
            ["DASHBOARD__API__PRIMARYAPIKEY"] = key,
        };
        var logPath = Path.Combine(logDirectory, "aspire-dashboard.log");

        // A detached dashboard writes to its file, not to this process's pipes, which close when the sweep ends.
        var process = detachable && !OperatingSystem.IsWindows()
            ? ChildProcess.Start("/bin/sh", ["-c", "exec \"$0\" >>\"$1\" 2>&1", executable, logPath],
                Path.GetDirectoryName(executable)!, environment, logPath)
            : ChildProcess.Start(executable, [], Path.GetDirectoryName(executable)!, environment, logPath);
        var dashboard = new AspireDashboard(process, url, grpc, key);
        try
        {
            await dashboard.WaitReadyAsync(logPath, cancellationToken);
            return dashboard;
        }
        catch
        {
            await dashboard.DisposeAsync();
            throw;
        }
    }

    /// <summary>Leaves it running after this process ends (--live keep).</summary>
    public void Keep() => _kept = true;

    public ValueTask DisposeAsync() => _kept ? ValueTask.CompletedTask : _process.DisposeAsync();

    private async Task WaitReadyAsync(string logPath, CancellationToken cancellationToken)
    {
        var deadline = DateTime.UtcNow + StartTimeout;
        while (true)
        {
            if (_process.HasExited)
            {
                throw new HarnessException($"the Aspire dashboard exited at start; see {logPath}:{Environment.NewLine}{Tail(logPath)}");
            }

            try
            {
                using var request = new HttpRequestMessage(HttpMethod.Get, ResourcesApi) { Headers = { { "x-api-key", Key } } };
                using var response = await Http.SendAsync(request, cancellationToken);
                if (response.IsSuccessStatusCode)
                {
                    return;
                }
            }
            catch (HttpRequestException)
            {
                // Not listening yet.
            }
            catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                // Slow to answer: asked again below.
            }

            if (DateTime.UtcNow > deadline)
            {
                throw new HarnessException(
                    $"the Aspire dashboard did not answer on {Url} within {StartTimeout.TotalSeconds:0} s; see {logPath}");
            }

            await Task.Delay(200, cancellationToken);
        }
    }

    private static Uri Loopback() => new($"http://127.0.0.1:{LoopbackPort.Free()}");

    private static string Tail(string path) => File.Exists(path) ? string.Join(Environment.NewLine, File.ReadLines(path).TakeLast(10)) : "";
}

/// <summary>The dashboard's package, restored by tools/AspireDashboard (a PackageDownload of Aspire.Dashboard.Sdk.&lt;rid&gt;) in a copy
/// in the user's cache (the lab's own folder may be an installed tool's, read only), and found where the restore says it put
/// it: the packages folder and version in its project.assets.json.</summary>
internal static class DashboardPackage
{
    /// <summary>Directory.Packages.props's, carried by the CLI's assembly: the copy has no repository above it to read it from.</summary>
    private static readonly string Version = typeof(DashboardPackage).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "AspireDashboardVersion").Value!;

    public static async Task<string> RestoreAsync(RepositoryLayout layout, string logDirectory, CancellationToken cancellationToken)
    {
        if (!File.Exists(layout.DashboardProject))
        {
            throw new HarnessException($"{layout.DashboardProject} is not here: give --live the URL of an OTLP endpoint instead");
        }

        var folder = UserCache.Folder("aspire-dashboard");
        var project = Path.Combine(folder, Path.GetFileName(layout.DashboardProject));
        var text = await File.ReadAllTextAsync(layout.DashboardProject, cancellationToken);
        if (!File.Exists(project) || await File.ReadAllTextAsync(project, cancellationToken) != text)
        {
            await File.WriteAllTextAsync(project, text, cancellationToken);
        }

        // Nothing above the cache's copy is the lab's: no Directory.*.props of a folder it happens to sit in.
        await using (var restore = ChildProcess.Start(WebApp.DotnetHost(), ["restore", project, "--nologo", "-v", "q",
            $"-p:AspireDashboardVersion={Version}", "-p:ImportDirectoryBuildProps=false", "-p:ImportDirectoryPackagesProps=false"],
            folder, new Dictionary<string, string>(), Path.Combine(logDirectory, "aspire-dashboard-restore.log")))
        {
            var exitCode = await restore.WaitForExitAsync(cancellationToken);
            if (exitCode != 0)
            {
                throw new HarnessException($"restoring the Aspire dashboard's package failed (dotnet restore exit {exitCode}); "
                    + $"see {restore.LogPath}:{Environment.NewLine}{restore.Tail()}");
            }
        }

        var assets = Path.Combine(folder, "obj", "project.assets.json");
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(assets, cancellationToken));
        var packages = document.RootElement.GetProperty("packageFolders").EnumerateObject().First().Name;
        var download = document.RootElement.GetProperty("project").GetProperty("frameworks").EnumerateObject().First().Value
            .GetProperty("downloadDependencies").EnumerateArray().First();
        var id = download.GetProperty("name").GetString()!;
        var version = download.GetProperty("version").GetString()!.Trim('[', ']').Split(',')[0].Trim();
        var name = OperatingSystem.IsWindows() ? "Aspire.Dashboard.exe" : "Aspire.Dashboard";
        var executable = Path.Combine(packages, id.ToLowerInvariant(), version, "tools", name);
        return File.Exists(executable)
            ? executable
            : throw new HarnessException($"the restore of {id} {version} left no {executable}");
    }
}
