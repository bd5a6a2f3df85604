using System.Globalization;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

internal sealed class FreshApps : IAppSource
{
    private readonly RepositoryLayout _layout;
    private readonly SweepRequest _request;
    private readonly SweepDatabase _database;
    private readonly string _logDirectory;
    private readonly CpuQuotaGroup? _quota;

    private FreshApps(
        RepositoryLayout layout, SweepRequest request, SweepDatabase database, string logDirectory, AppTarget target, CpuQuotaGroup? quota)
    {
        (_layout, _request, _database, _logDirectory, Target, _quota) = (layout, request, database, logDirectory, target, quota);
    }

    public AppTarget Target { get; }

    public RunIsolation Isolation => RunIsolation.FreshPerProbe;

    /// <summary>--app-cpus' group, which the baseline's minimal app joins too, so that the two are compared under one quota.</summary>
    public CpuQuotaGroup? Quota => _quota;

    public static async Task<FreshApps> PrepareAsync(
        RepositoryLayout layout, SweepRequest request, string logDirectory, ConsoleProgress progress, CancellationToken cancellationToken,
        CpuQuotaGroup? quota = null)
    {
        AppTarget target;
        if (layout.HasSources)
        {
            progress.Info("Building the app (Release)...");
            await WebApp.BuildAsync(layout, logDirectory, cancellationToken);
            target = new(AppTargetKind.BuiltApp);
        }
        else if (layout.HasPublishedApp)
        {
            target = new(AppTargetKind.PublishedApp) { Where = layout.WebOutput, ContainerCpus = ContainerCpus() };
        }
        else
        {
            throw new UsageException($"{layout.Root} holds the k6 scripts but neither the app's sources ({layout.WebProject}) "
                + $"nor the published app ({layout.WebOutput}): reinstall the tool, or sweep a running app with --target.");
        }

        var database = request.Experiments.Any(e => e.UsesDatabase)
            ? await SweepDatabase.PrepareAsync(request.Database, logDirectory, progress, cancellationToken, request.Isolation?.AppCpus)
            : SweepDatabase.None;
        return new FreshApps(layout, request, database, logDirectory, target, quota);
    }

    /// <summary>.NET sizes itself to the container's CPU quota:
    /// https://learn.microsoft.com/dotnet/core/runtime-config/threading.</summary>
    private static int? ContainerCpus() =>
        System.Environment.GetEnvironmentVariable("DOTNET_RUNNING_IN_CONTAINER") == "true" || File.Exists("/.dockerenv")
            ? System.Environment.ProcessorCount
            : null;

    public string? SkippedReason(Experiment experiment) => experiment.UsesDatabase ? _database.SkippedReason : null;

    public async Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken)
    {
        var environment = Environment(experiment);
        foreach (var (key, value) in probe.Telemetry ?? new Dictionary<string, string>())
        {
            environment[key] = value;
        }

        var app = await WebApp.StartAsync(_layout, environment, Path.Combine(_logDirectory, $"{probe.Name}-app.log"),
            cancellationToken, tls: experiment.UsesTls(probe.Parameters), cpus: _request.Isolation?.AppCpus, quota: _quota);
        return new FreshApp(app);
    }

    public Task<WebApp> StartBaselineAsync(string name, CancellationToken cancellationToken) =>
        WebApp.StartAsync(_layout, Environment(null),
            Path.Combine(_logDirectory, $"{name}-app.log"), cancellationToken, cpus: _request.Isolation?.AppCpus, quota: _quota);

    public ValueTask DisposeAsync() => _database.DisposeAsync();

    private Dictionary<string, string> Environment(Experiment? experiment)
    {
        var environment = new Dictionary<string, string>
        {
            ["DOTNET_ENVIRONMENT"] = "Production",
            ["ASPNETCORE_ENVIRONMENT"] = "Production",
        };

        // Only the experiments that need the database get it, so that the others measure the app alone.
        if (experiment?.UsesDatabase == true && _database.ConnectionString is { } connectionString)
        {
            environment["Database__Provider"] = _database.Provider!;
            environment["Database__ConnectionString"] = connectionString;
            environment["Database__MaxPoolSize"] = _request.Database.PoolSize.ToString(CultureInfo.InvariantCulture);
        }

        if (_request.RequestQueue is { } queue)
        {
            environment["RequestQueue__MaxConcurrent"] = queue.MaxConcurrent.ToString(CultureInfo.InvariantCulture);
            environment["RequestQueue__Limit"] = queue.Limit.ToString(CultureInfo.InvariantCulture);
        }

        foreach (var (key, value) in _request.AppSettings ?? new Dictionary<string, string>())
        {
            environment[key] = value;
        }

        if (_request.MinWorkerThreads is { } min)
        {
            environment["ThreadPool__MinWorkerThreads"] = min.ToString(CultureInfo.InvariantCulture);
        }

        return environment;
    }

    /// <summary>The timeline is the sweep's reader's (from outside the process), not the app's own sampler's.</summary>
    private sealed class FreshApp(WebApp app) : IRunningApp
    {
        public Uri Url => app.Url;

        public int? ProcessId => app.ProcessId;

        public Uri LoadUrl => app.TlsUrl ?? app.Url;

        public async ValueTask<bool> EndSessionsAsync()
        {
            await app.DisposeAsync();
            return true;
        }

        public Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken) =>
            new AppClient(app.Url).GetRuntimeAsync(long.MaxValue, cancellationToken);

        public async Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken)
        {
            await app.DisposeAsync();
            return [];
        }

        public ValueTask DisposeAsync() => app.DisposeAsync();
    }
}
