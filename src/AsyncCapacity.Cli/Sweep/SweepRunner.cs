using System.Globalization;
using System.Runtime.InteropServices;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Report.Analysis;
using AsyncCapacity.Report.Experiments;
using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>
/// Runs the sweep: for every experiment, variant and step, k6 against the app, then the report.
/// With no target, every step gets a fresh app process, so no step inherits threads grown by another (DESIGN.md).
/// </summary>
internal sealed class SweepRunner(SweepRequest request, RepositoryLayout layout)
{
    private readonly string _rawDirectory = Path.Combine(request.OutputDirectory, "raw");
    private readonly ConsoleProgress _progress = new(request.StepCount, request.EstimatedDuration);
    private AppRuntime? _appInfo;
    private SweepDatabase _database = SweepDatabase.None;

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        var startedAt = DateTimeOffset.UtcNow;
        Directory.CreateDirectory(_rawDirectory);
        var k6 = await K6Tool.LocateAsync(layout, _rawDirectory, cancellationToken);
        _progress.Info(string.Create(CultureInfo.InvariantCulture,
            $"Sweeping {string.Join(", ", request.Experiments.Select(e => e.Name))} at {string.Join(",", request.Steps)} clients "
            + $"({request.StepCount} steps, {request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s each, about {request.EstimatedDuration.TotalMinutes:0.#} min) with {k6.Version}."));

        if (request.Target is null)
        {
            _progress.Info("Building the app (Release)...");
            await WebApp.BuildAsync(layout, _rawDirectory, cancellationToken);
        }
        else if (!await new AppClient(request.Target).IsHealthyAsync(cancellationToken))
        {
            throw new HarnessException(
                $"The target {request.Target} is not answering /healthz. Start it (dotnet run -c Release --project src/AsyncCapacity.Web -- --urls {request.Target}) or fix --target.");
        }

        await using var cpu = new HostCpuSampler();
        await using var database = request.Target is null && request.Experiments.Any(e => e.UsesDatabase)
            ? await SweepDatabase.PrepareAsync(request.Database, _rawDirectory, _progress, cancellationToken)
            : SweepDatabase.None;
        _database = database;

        var experiments = new List<ExperimentResult>();
        foreach (var experiment in request.Experiments)
        {
            if (experiment.UsesDatabase && database.SkippedReason is { } reason)
            {
                _progress.Warn($"{experiment.Name} skipped: {reason}");
                _progress.Skip(experiment.Variants.Count * request.Steps.Count);
                experiments.Add(ResultsBuilder.Build(new ExperimentRun(
                    experiment, request.SlaFor(experiment), request.Parameters[experiment.Name], [], reason)));
                continue;
            }

            var steps = request.Target is null
                ? await RunWithFreshAppsAsync(experiment, k6, cpu, cancellationToken)
                : await RunAgainstTargetAsync(experiment, request.Target, k6, cpu, cancellationToken);
            experiments.Add(ResultsBuilder.Build(new ExperimentRun(
                experiment, request.SlaFor(experiment), request.Parameters[experiment.Name], steps)));
        }

        var document = new ResultsDocument(ResultsDocument.CurrentSchemaVersion, RunDescription.Of(request, startedAt, k6, _appInfo), experiments);
        var html = await ReportWriter.WriteAsync(document, request.OutputDirectory, cancellationToken);
        foreach (var experiment in experiments)
        {
            _progress.Info($"{experiment.Name}: {experiment.Verdict}");
        }

        _progress.Info($"Report: {html}");
    }

    private async Task<List<StepRun>> RunWithFreshAppsAsync(
        ExperimentInfo experiment, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var runs = new List<StepRun>();
        foreach (var variant in experiment.Variants)
        {
            foreach (var concurrency in request.Steps)
            {
                _progress.StepStarting(experiment.Name, variant.Name, concurrency);
                var name = $"{experiment.Name}-{variant.Name}-c{concurrency}";
                var timelineFile = Path.Combine(_rawDirectory, $"{name}-timeline.jsonl");
                K6Step step;
                await using (var app = await WebApp.StartAsync(layout, AppEnvironment(timelineFile, experiment), Path.Combine(_rawDirectory, $"{name}-app.log"), cancellationToken))
                {
                    var client = new AppClient(app.Url);
                    _appInfo = RunDescription.Merge(_appInfo, await client.GetRuntimeAsync(long.MaxValue, cancellationToken));
                    if (runs.Count == 0)
                    {
                        await ProbeAsync(experiment, client, cancellationToken);
                    }

                    var summary = await RunK6Async(experiment, app.Url, [variant.Name], [concurrency], cooldown: 0, name, k6, cpu, cancellationToken);
                    step = summary.Steps.Single();
                }

                // Read after the app has stopped: a starved app would answer /diag/runtime only after its whole queue.
                var timeline = await TimelineFile.ReadAsync(timelineFile, cancellationToken);
                var run = new StepRun(step, timeline, cpu.Window(step.MeasureFromMs, step.EndMs));
                runs.Add(run);
                _progress.StepDone(StepLine.Of(StepAnalysis.Analyse(run, request.SlaFor(experiment), experiment.UsesDatabase)));
            }
        }

        return runs;
    }

    private async Task<List<StepRun>> RunAgainstTargetAsync(
        ExperimentInfo experiment, Uri target, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var client = new AppClient(target);
        _appInfo ??= await client.GetRuntimeAsync(long.MaxValue, cancellationToken);
        if (_appInfo is null)
        {
            _progress.Warn($"{target} has no /diag/runtime: thread-pool and app CPU columns will be empty.");
        }

        await ProbeAsync(experiment, client, cancellationToken);
        var variants = experiment.Variants.Select(v => v.Name).ToList();
        _progress.StepStarting(experiment.Name, string.Join("+", variants), request.Steps[^1]);
        var summary = await RunK6Async(experiment, target, variants, request.Steps, request.CooldownSeconds, experiment.Name, k6, cpu, cancellationToken);
        var timeline = (await client.GetRuntimeAsync(summary.StartedAtMs - 2000, cancellationToken))?.Timeline ?? [];

        var runs = summary.Steps.Select(step => new StepRun(
            step, StandaloneResults.StepWindow(timeline, step), cpu.Window(step.MeasureFromMs, step.EndMs))).ToList();
        foreach (var run in runs)
        {
            _progress.StepDone($"{run.Step.Variant} {run.Step.Concurrency} clients: {StepLine.Of(StepAnalysis.Analyse(run, request.SlaFor(experiment), experiment.UsesDatabase))}");
        }

        return runs;
    }

    private async Task<K6Summary> RunK6Async(
        ExperimentInfo experiment, Uri baseUrl, IReadOnlyList<string> variants, IReadOnlyList<int> steps, double cooldown,
        string name, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var resultsFile = Path.Combine(_rawDirectory, $"{name}-k6.json");
        var sla = request.SlaFor(experiment);
        var environment = new Dictionary<string, string>
        {
            ["BASE_URL"] = baseUrl.ToString().TrimEnd('/'),
            ["VARIANTS"] = string.Join(",", variants),
            ["STEPS"] = string.Join(",", steps),
            ["WARMUP_SECONDS"] = Invariant(request.WarmupSeconds),
            ["STEP_SECONDS"] = Invariant(request.StepSeconds),
            ["COOLDOWN_SECONDS"] = Invariant(cooldown),
            ["SLA_P95_MS"] = Invariant(sla.P95Ms),
            ["SLA_ERROR_RATE"] = Invariant(sla.MaxErrorRate),
            ["RESULTS_FILE"] = resultsFile,
            ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
            ["K6_NO_USAGE_REPORT"] = "true",
        };
        foreach (var parameter in experiment.Parameters)
        {
            environment[parameter.EnvironmentVariable] = request.Parameters[experiment.Name][parameter.Name];
        }

        await using var process = ChildProcess.Start(k6.Path, ["run", "--quiet", "--no-color", layout.Script(experiment.Script)],
            layout.Root, environment, Path.Combine(_rawDirectory, $"{name}-k6.log"));
        cpu.Track(process.Id);
        var exitCode = await process.WaitForExitAsync(cancellationToken);
        if (exitCode is not (0 or K6Tool.ThresholdsCrossedExitCode) || !File.Exists(resultsFile))
        {
            throw new HarnessException($"k6 failed (exit {exitCode}) on {name}; see {process.LogPath}:{Environment.NewLine}{process.Tail()}");
        }

        return K6SummaryReader.Parse(await File.ReadAllTextAsync(resultsFile, cancellationToken), resultsFile);
    }

    /// <summary>One request per variant before the sweep, so a bad --set value fails in a second, not after the whole sweep.</summary>
    private async Task ProbeAsync(ExperimentInfo experiment, AppClient client, CancellationToken cancellationToken)
    {
        foreach (var variant in experiment.Variants)
        {
            var route = experiment.PathAndQuery(variant.Name, request.Parameters[experiment.Name]);
            if (await client.ProbeAsync(experiment.Method, route, experiment.ProbeBody, cancellationToken) is { } refusal)
            {
                throw new UsageException($"The app refused {experiment.Method} {route}: {refusal}");
            }
        }
    }

    private Dictionary<string, string> AppEnvironment(string timelineFile, ExperimentInfo experiment)
    {
        var environment = new Dictionary<string, string>
        {
            ["DOTNET_ENVIRONMENT"] = "Production",
            ["ASPNETCORE_ENVIRONMENT"] = "Production",
            ["Diagnostics__TimelineFile"] = timelineFile,
        };

        // Only database experiments get the database, so that the others measure the app alone.
        if (experiment.UsesDatabase && _database.ConnectionString is { } connectionString)
        {
            environment["Database__Provider"] = _database.Provider!;
            environment["Database__ConnectionString"] = connectionString;
            environment["Database__MaxPoolSize"] = request.Database.PoolSize.ToString(CultureInfo.InvariantCulture);
        }
        if (request.MinWorkerThreads is { } min)
        {
            environment["ThreadPool__MinWorkerThreads"] = min.ToString(CultureInfo.InvariantCulture);
        }

        return environment;
    }

    private static string Invariant(double value) => value.ToString(CultureInfo.InvariantCulture);
}
