using System.Globalization;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Report.Analysis;
using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>
/// Runs the sweep: for every experiment, its batches of steps (one per fresh app, or all against a target) through k6,
/// each step analysed once as it ends, then the report. The loop is the same whichever <see cref="IAppSource"/> serves it.
/// </summary>
internal sealed class SweepRunner(SweepRequest request, RepositoryLayout layout)
{
    /// <summary>How long k6 may run past its plan (steps and pauses) before the sweep ends the sessions the app still holds.</summary>
    private static readonly TimeSpan OverrunGrace = TimeSpan.FromSeconds(20);

    private readonly string _rawDirectory = Path.Combine(request.OutputDirectory, "raw");
    private readonly ConsoleProgress _progress = new(request.StepCount, request.EstimatedDuration, request.Model.StepUnit);
    private RuntimeReport? _app;

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        var startedAt = DateTimeOffset.UtcNow;
        Directory.CreateDirectory(_rawDirectory);
        var k6 = await K6Tool.LocateAsync(layout, _rawDirectory, cancellationToken);
        _progress.Info(string.Create(CultureInfo.InvariantCulture,
            $"Sweeping {string.Join(", ", request.Experiments.Select(e => $"{e.Id} at {string.Join(",", request.StepsFor(e))}"))} {request.Model.StepUnit} "
            + $"({request.StepCount} steps, {request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s each, about {request.EstimatedDuration.TotalMinutes:0.#} min) with {k6.Version}."));

        await using IAppSource source = request.Target is { } target
            ? await RunningTarget.CheckAsync(target, request.CooldownSeconds, cancellationToken)
            : await FreshApps.PrepareAsync(layout, request, _rawDirectory, _progress, cancellationToken);
        await using var cpu = new HostCpuSampler();
        var overhead = request.Baseline && source is FreshApps apps
            ? await InstrumentBaseline.MeasureAsync(layout, request, apps, k6, cpu, _rawDirectory, _progress, cancellationToken)
            : null;

        var experiments = new List<ExperimentResult>();
        foreach (var experiment in request.Experiments.Select(request.Plotted))
        {
            var parameters = request.Parameters[experiment.Id];
            if (source.SkippedReason(experiment) is { } reason)
            {
                _progress.Warn($"{experiment.Id} skipped: {reason}");
                _progress.Skip(experiment.Variants.Count * request.StepsFor(experiment).Count);
                experiments.Add(ResultsBuilder.Build(new ExperimentRun(experiment, request.TermsFor(experiment), parameters, [], reason)));
                continue;
            }

            var steps = new List<AnalysedStep>();
            foreach (var batch in source.Batches(experiment, request.StepsFor(experiment)))
            {
                steps.AddRange(await RunBatchAsync(source, experiment, batch, k6, cpu, probe: steps.Count == 0, cancellationToken));
            }

            experiments.Add(ResultsBuilder.Build(new ExperimentRun(experiment, request.TermsFor(experiment), parameters, steps)));
        }

        var settings = new SweepSettings(request.Model, request.AllSteps, request.WarmupSeconds, request.StepSeconds,
            request.Target is null ? 0 : request.CooldownSeconds, request.MinWorkerThreads, request.RequestQueue,
            request.AppSettings.Count > 0 ? request.AppSettings : null);
        var facts = new RunFacts(startedAt, DateTimeOffset.UtcNow, k6.Version,
            request.Profile.Name + (request.Customised ? " (customised)" : ""), source.Target, source.Isolation, settings, request.Sla, overhead);
        var document = new ResultsDocument(ResultsDocument.CurrentSchemaVersion, RunDescription.Of(facts, _app, HostFacts.Current), experiments);
        var html = await ReportWriter.WriteAsync(document, request.OutputDirectory, cancellationToken);
        foreach (var experiment in experiments)
        {
            _progress.Info($"{experiment.Name}: {(experiment.SkippedReason is null ? experiment.Verdict : "skipped.")}");
        }

        if (overhead is not null)
        {
            _progress.Info($"Instrument overhead: the app's /hello at {overhead.Ratio:0.00}× a minimal ASP.NET Core app's req/s ({overhead.AppRps:#,0} vs {overhead.MinimalRps:#,0}).");
        }

        _progress.Info($"Report: {html}");
    }

    private async Task<List<AnalysedStep>> RunBatchAsync(
        IAppSource source, Experiment experiment, SweepBatch batch, K6Tool k6, HostCpuSampler cpu, bool probe, CancellationToken cancellationToken)
    {
        _progress.StepStarting(experiment.Id, string.Join("+", batch.Variants), batch.Steps[^1]);
        K6Summary summary;
        IReadOnlyList<RuntimeSample> timeline;
        await using (var app = await source.StartAsync(experiment, batch, cancellationToken))
        {
            _app = RunDescription.Merge(_app, await app.DescribeAsync(cancellationToken));
            if (probe)
            {
                await ProbeAsync(experiment, new AppClient(app.Url), cancellationToken);
            }

            summary = await RunK6Async(experiment, app, batch, k6, cpu, cancellationToken);
            timeline = await app.FinishAsync(summary, cancellationToken);
        }

        var terms = request.TermsFor(experiment);
        var analysed = new List<AnalysedStep>();
        foreach (var step in summary.Steps)
        {
            var window = StandaloneResults.StepWindow(timeline, step);
            var result = StepAnalysis.Analyse(new StepRun(step, window, cpu.Window(step.MeasureFromMs, step.EndMs)), terms);
            analysed.Add(new AnalysedStep(step.Variant, step.StartMs, result, window));
            _progress.StepDone(summary.Steps.Count > 1
                ? $"{step.Variant} {step.Concurrency} {request.Model.StepUnit}: {StepLine.Of(result, terms)}"
                : StepLine.Of(result, terms));
        }

        return analysed;
    }

    private async Task<K6Summary> RunK6Async(
        Experiment experiment, IRunningApp app, SweepBatch batch, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var baseUrl = app.LoadUrl;
        var resultsFile = Path.Combine(_rawDirectory, $"{batch.Name}-k6.json");
        var sla = request.SlaFor(experiment);
        var environment = new Dictionary<string, string>
        {
            ["EXPERIMENT"] = experiment.Id,
            ["MODEL"] = request.Model.Name,
            ["SET"] = string.Join(",", request.Parameters[experiment.Id].Select(p => $"{p.Key}={p.Value}")),
            ["BASE_URL"] = baseUrl.ToString().TrimEnd('/'),
            ["VARIANTS"] = string.Join(",", batch.Variants),
            ["STEPS"] = string.Join(",", batch.Steps),
            ["WARMUP_SECONDS"] = Invariant(request.WarmupSeconds),
            ["STEP_SECONDS"] = Invariant(request.StepSeconds),
            ["COOLDOWN_SECONDS"] = Invariant(batch.CooldownSeconds),
            ["SLA_P95_MS"] = Invariant(sla.P95Ms),
            ["SLA_ERROR_RATE"] = Invariant(sla.MaxErrorRate),
            ["RESULTS_FILE"] = resultsFile,
            ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
            ["K6_NO_USAGE_REPORT"] = "true",
        };

        await using var process = k6.Run(layout, layout.SweepScript, environment, Path.Combine(_rawDirectory, $"{batch.Name}-k6.log"));
        cpu.Track(process.Id);
        var exited = process.WaitForExitAsync(cancellationToken);
        if (await Task.WhenAny(exited, Task.Delay(Planned(batch) + OverrunGrace, cancellationToken)) != exited)
        {
            // k6 ends only once every WebSocket session has closed, and it closes with the close handshake, waiting without
            // a deadline for the app's answer: a starved app answers late, a mute one never. The steps are over by now.
            _progress.Warn(await app.EndSessionsAsync()
                ? $"k6 was still waiting for the app to close its sessions {OverrunGrace.TotalSeconds:0} s after its last step; the app was stopped to end them (its steps were over)."
                : $"k6 is still waiting for {baseUrl} to close its sessions {OverrunGrace.TotalSeconds:0} s after its last step; it ends when the target answers (Ctrl+C stops the sweep).");
        }

        var exitCode = await exited;
        if (exitCode is not (0 or K6Tool.ThresholdsCrossedExitCode) || !File.Exists(resultsFile))
        {
            throw new HarnessException($"k6 failed (exit {exitCode}) on {batch.Name}; see {process.LogPath}:{Environment.NewLine}{process.Tail()}");
        }

        return K6SummaryReader.Parse(await File.ReadAllTextAsync(resultsFile, cancellationToken), resultsFile);
    }

    /// <summary>How long a batch's k6 run is planned to last: its steps (warm-up and measure) and the pauses between them.</summary>
    private TimeSpan Planned(SweepBatch batch)
    {
        var steps = batch.Variants.Count * batch.Steps.Count;
        return TimeSpan.FromSeconds(steps * (request.WarmupSeconds + request.StepSeconds) + Math.Max(0, steps - 1) * batch.CooldownSeconds);
    }

    /// <summary>One request per variant before the sweep, so a refused request fails in a second, not after the whole sweep.</summary>
    private async Task ProbeAsync(Experiment experiment, AppClient client, CancellationToken cancellationToken)
    {
        if (!experiment.Load.ProbedByRequest)
        {
            return;
        }

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

    private static string Invariant(double value) => value.ToString(CultureInfo.InvariantCulture);
}
