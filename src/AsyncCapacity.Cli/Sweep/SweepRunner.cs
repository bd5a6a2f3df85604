using System.Globalization;
using System.Runtime.InteropServices;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Report.Analysis;
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
    private RuntimeReport? _appInfo;
    private SweepDatabase _database = SweepDatabase.None;

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        var startedAt = DateTimeOffset.UtcNow;
        Directory.CreateDirectory(_rawDirectory);
        var k6 = await K6Tool.LocateAsync(layout, _rawDirectory, cancellationToken);
        _progress.Info(string.Create(CultureInfo.InvariantCulture,
            $"Sweeping {string.Join(", ", request.Experiments.Select(e => e.Id))} at {string.Join(",", request.Steps)} clients "
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
                _progress.Warn($"{experiment.Id} skipped: {reason}");
                _progress.Skip(experiment.Variants.Count * request.Steps.Count);
                experiments.Add(ResultsBuilder.Build(new ExperimentRun(
                    experiment, request.SlaFor(experiment), request.Parameters[experiment.Id], [], reason)));
                continue;
            }

            var steps = request.Target is null
                ? await RunWithFreshAppsAsync(experiment, k6, cpu, cancellationToken)
                : await RunAgainstTargetAsync(experiment, request.Target, k6, cpu, cancellationToken);
            experiments.Add(ResultsBuilder.Build(new ExperimentRun(
                experiment, request.SlaFor(experiment), request.Parameters[experiment.Id], steps)));
        }

        var document = new ResultsDocument(ResultsDocument.CurrentSchemaVersion, RunDescription.Of(request, startedAt, k6, _appInfo), experiments);
        var html = await ReportWriter.WriteAsync(document, request.OutputDirectory, cancellationToken);
        foreach (var experiment in experiments)
        {
            _progress.Info($"{experiment.Name}: {experiment.Verdict}");
        }

        _progress.Info($"Report: {html}");
    }

    private async Task<List<AnalysedStep>> RunWithFreshAppsAsync(
        Experiment experiment, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var runs = new List<AnalysedStep>();
        foreach (var variant in experiment.Variants)
        {
            foreach (var concurrency in request.Steps)
            {
                _progress.StepStarting(experiment.Id, variant.Name, concurrency);
                var name = $"{experiment.Id}-{variant.Name}-c{concurrency}";
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
                var analysed = Analyse(experiment, new StepRun(step, timeline, cpu.Window(step.MeasureFromMs, step.EndMs)));
                runs.Add(analysed);
                _progress.StepDone(StepLine.Of(analysed.Result));
            }
        }

        return runs;
    }

    private async Task<List<AnalysedStep>> RunAgainstTargetAsync(
        Experiment experiment, Uri target, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var client = new AppClient(target);
        _appInfo ??= await client.GetRuntimeAsync(long.MaxValue, cancellationToken);
        if (_appInfo is null)
        {
            _progress.Warn($"{target} has no /diag/runtime: thread-pool and app CPU columns will be empty.");
        }

        await ProbeAsync(experiment, client, cancellationToken);
        var variants = experiment.Variants.Select(v => v.Name).ToList();
        _progress.StepStarting(experiment.Id, string.Join("+", variants), request.Steps[^1]);
        var summary = await RunK6Async(experiment, target, variants, request.Steps, request.CooldownSeconds, experiment.Id, k6, cpu, cancellationToken);
        var timeline = (await client.GetRuntimeAsync(summary.StartedAtMs - 2000, cancellationToken))?.Timeline ?? [];

        var runs = summary.Steps.Select(step => Analyse(experiment, new StepRun(
            step, StandaloneResults.StepWindow(timeline, step), cpu.Window(step.MeasureFromMs, step.EndMs)))).ToList();
        foreach (var run in runs)
        {
            _progress.StepDone($"{run.Variant} {run.Result.Concurrency} clients: {StepLine.Of(run.Result)}");
        }

        return runs;
    }

    private async Task<K6Summary> RunK6Async(
        Experiment experiment, Uri baseUrl, IReadOnlyList<string> variants, IReadOnlyList<int> steps, double cooldown,
        string name, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var resultsFile = Path.Combine(_rawDirectory, $"{name}-k6.json");
        var sla = request.SlaFor(experiment);
        var environment = new Dictionary<string, string>
        {
            ["EXPERIMENT"] = experiment.Id,
            ["SET"] = string.Join(",", request.Parameters[experiment.Id].Select(p => $"{p.Key}={p.Value}")),
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
        await using var process = ChildProcess.Start(k6.Path, ["run", "--quiet", "--no-color", layout.SweepScript],
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
    private async Task ProbeAsync(Experiment experiment, AppClient client, CancellationToken cancellationToken)
    {
        foreach (var variant in experiment.Variants)
        {
            var route = experiment.PathAndQuery(variant, request.Parameters[experiment.Id]);
            if (await client.ProbeAsync(variant.Method, route, ProbeBody(experiment), cancellationToken) is { } refusal)
            {
                throw new UsageException($"The app refused {variant.Method} {route}: {refusal}");
            }
        }
    }

    /// <summary>The declared body with its placeholders filled as a probe's: one entry, recognisably not k6's.</summary>
    private static string? ProbeBody(Experiment experiment) => experiment.Body is null
        ? null
        : System.Text.Json.JsonSerializer.Serialize(experiment.Body.ToDictionary(
            field => field.Key,
            field => field.Value.Replace("{vu}", "probe", StringComparison.Ordinal).Replace("{iteration}", "0", StringComparison.Ordinal)
                .Replace("{step}", "probe", StringComparison.Ordinal)));

    private AnalysedStep Analyse(Experiment experiment, StepRun run) => new(
        run.Step.Variant, run.Step.StartMs,
        StepAnalysis.Analyse(run, request.SlaFor(experiment), ResultsBuilder.GaugesOf(experiment)),
        run.Timeline);

    private Dictionary<string, string> AppEnvironment(string timelineFile, Experiment experiment)
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
