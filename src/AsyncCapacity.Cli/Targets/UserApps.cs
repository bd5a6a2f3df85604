using System.Globalization;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

/// <summary>A user's app (--app or --app-project), started fresh for every probe as the lab starts its own.</summary>
internal sealed class UserApps : IAppSource
{
    public static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(30);

    private readonly UserApp _app;
    private readonly IReadOnlyList<string> _words;
    private readonly string _workingDirectory;
    private readonly IReadOnlyDictionary<string, string> _environment;
    private readonly string _logDirectory;
    private readonly string? _cpus;
    private readonly CpuQuotaGroup? _quota;

    private UserApps(
        UserApp app, IReadOnlyList<string> words, string workingDirectory, SweepRequest request, string logDirectory, CpuQuotaGroup? quota)
    {
        (_app, _words, _workingDirectory, _logDirectory, _cpus, _quota) =
            (app, words, workingDirectory, logDirectory, request.Isolation?.AppCpus, quota);
        _environment = Environment(request);
        var command = string.Join(' ', words.Select(Quoted));
        Target = new(AppTargetKind.UserApp)
        {
            Where = command,
            Project = app.Project,
            ReadyPath = app.ReadyPath,
            MinWorkerThreads = request.MinWorkerThreads,
            Folder = workingDirectory,
        };
    }

    public AppTarget Target { get; }

    public RunIsolation Isolation => RunIsolation.FreshPerProbe;

    /// <summary>How long a start may take before it is refused; tests shorten it.</summary>
    public TimeSpan StartTimeout { get; set; } = ReadyTimeout;

    /// <summary>Builds --app-project once in Release, as the lab builds its own app; --app is taken as given.</summary>
    public static async Task<UserApps> PrepareAsync(
        UserApp app, SweepRequest request, string logDirectory, ConsoleProgress? progress, CancellationToken cancellationToken,
        CpuQuotaGroup? quota = null)
    {
        if (app.Command is { } command)
        {
            var words = CommandLineWords.Split(command);
            var folder = app.Directory ?? AppFolder.Of(words, System.Environment.CurrentDirectory);
            return new UserApps(app, words, folder, request, logDirectory, quota);
        }

        progress?.Info($"Building {app.Project} (Release)...");
        var dll = await UserAppBuild.BuildAsync(app.Project!, logDirectory, cancellationToken);
        return new UserApps(app, [WebApp.DotnetHost(), dll], app.Directory ?? Path.GetDirectoryName(dll)!, request, logDirectory, quota);
    }

    public string? SkippedReason(Experiment experiment) => null;

    public async Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken) =>
        await UserAppProcess.StartAsync(_app, _words, _workingDirectory, _environment, Path.Combine(_logDirectory, $"{probe.Name}-app.log"),
            _cpus, StartTimeout, cancellationToken, _quota);

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    /// <summary>--app-setting as the app's environment (ASP.NET Core reads Section__Key), and --min-threads through the hook.</summary>
    private static Dictionary<string, string> Environment(SweepRequest request)
    {
        var environment = new Dictionary<string, string>(request.AppSettings);
        if (request.MinWorkerThreads is { } min)
        {
            var hooks = System.Environment.GetEnvironmentVariable("DOTNET_STARTUP_HOOKS");
            var hook = typeof(StartupHook).Assembly.Location;
            environment["DOTNET_STARTUP_HOOKS"] = string.IsNullOrEmpty(hooks) ? hook : $"{hooks}{Path.PathSeparator}{hook}";
            environment[StartupHook.MinThreadsVariable] = min.ToString(CultureInfo.InvariantCulture);
        }

        return environment;
    }

    private static string Quoted(string word) => word.Length > 0 && !word.Any(char.IsWhiteSpace) ? word : $"\"{word}\"";
}
