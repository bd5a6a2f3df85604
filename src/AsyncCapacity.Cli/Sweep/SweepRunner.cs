using System.Globalization;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>
/// Runs the sweep: for every experiment and variant, the capacity search (<see cref="CapacitySearch"/>) asks for a probe,
/// the probe runs through k6 against a fresh app (or the target, after a cool-down), is analysed once as it ends, its
/// app's thread stacks taken just after its window, and the search asks again until it has found the knee; then the
/// report. The loop is the same whichever <see cref="IAppSource"/> serves it.
/// </summary>
internal sealed class SweepRunner(SweepRequest request, RepositoryLayout layout)
{
    /// <summary>How long k6 may run past its plan before the sweep ends the sessions the app still holds.</summary>
    private static readonly TimeSpan OverrunGrace = TimeSpan.FromSeconds(20);

    /// <summary>The line k6-scripts/lib/experiment.js prints in setup(): when the probe's scenario starts, Unix ms.</summary>
    private const string ScenariosStart = "asynccapacity: scenarios start at ";

    private readonly string _rawDirectory = Path.Combine(request.OutputDirectory, "raw");
    private readonly ConsoleProgress _progress = new(
        [.. request.Experiments.SelectMany(e => e.Variants.Select(_ => request.SearchPolicyFor(e).MaxProbes))],
            request.ProbeDuration, request.Model.StepUnit);

    private RuntimeReport? _app;
    private LiveTelemetry? _live;
    private RunFacts? _facts;
    private bool _anyProbe;
    private bool _readFromOutside;

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        var startedAt = DateTimeOffset.UtcNow;
        Directory.CreateDirectory(_rawDirectory);
        var k6 = await K6Tool.LocateAsync(layout, _rawDirectory, cancellationToken);
        await using var live = await LiveSession.StartAsync(request.Live, layout, _rawDirectory, _progress, cancellationToken);
        _live = live.Telemetry;
        _progress.Info(
            $"Sweeping "
            + $"{string.Join(", ", request.Experiments.Select(e => $"{e.Id} (coarse pass {string.Join(",", request.StepsFor(e))})"))}"
            + $" {request.Model.StepUnit}, "
            + (request.Search ? "then each variant's knee searched" : "the grid only (--search off)")
            + Invariant($": at most {request.MaxProbes} probes of {request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s, ")
            + Invariant($"at most {request.WorstCaseDuration.TotalMinutes:0} min, with {k6.Version}."));
        foreach (var warning in SweepPlan.WindowWarnings(request))
        {
            _progress.Warn(warning);
        }

        if (request.Isolation is { } isolation)
        {
            _progress.Info(
                $"CPU isolation: the app on CPU {isolation.AppCpus} "
                + $"(.NET sees {isolation.AppCores} {(isolation.AppCores == 1 ? "core" : "cores")}, "
                + $"so the pool's minimum is {isolation.AppCores}), k6 on CPU {isolation.LoadGeneratorCpus}.");
        }

        await using IAppSource source = request.Target is { } target
            ? await RunningTarget.CheckAsync(target, request.CooldownSeconds, request.TargetProcessId, request.ReadyPath, cancellationToken)
            : request.App is { } userApp
            ? await UserApps.PrepareAsync(userApp, request, _rawDirectory, _progress, cancellationToken)
            : await FreshApps.PrepareAsync(layout, request, _rawDirectory, _progress, cancellationToken);
        await using var cpu = new HostCpuSampler();
        var overhead = request.Baseline && source is FreshApps apps
            ? await InstrumentBaseline.MeasureAsync(layout, request, apps, k6, cpu, _rawDirectory, _progress, cancellationToken)
            : null;

        var settings = new SweepSettings(request.Model, request.AllSteps, request.WarmupSeconds, request.StepSeconds,
            request.Target is null ? 0 : request.CooldownSeconds, request.MinWorkerThreads, request.RequestQueue,
            request.AppSettings.Count > 0 ? request.AppSettings : null);
        _facts = new RunFacts(startedAt, startedAt, k6.Version,
            request.Profile.Name + (request.Customised ? " (customised)" : ""), source.Target, source.Isolation, settings, request.Sla,
            overhead, request.Isolation, _live?.Description);
        var experiments = new List<ExperimentResult>();
        foreach (var experiment in request.Experiments.Select(request.Plotted))
        {
            experiments.Add(await RunExperimentAsync(source, experiment, k6, cpu, cancellationToken));
        }

        var facts = _facts! with
        {
            FinishedAt = DateTimeOffset.UtcNow,
            Target = _facts.Target + (_readFromOutside ? "; its runtime read from outside over EventPipe" : ""),
        };
        var document = Predictions.Attach(
            new ResultsDocument(ResultsDocument.CurrentSchemaVersion, RunDescription.Of(facts, _app, HostFacts.Current), experiments));
        var html = await ReportWriter.WriteAsync(document, request.OutputDirectory, cancellationToken);
        foreach (var experiment in document.Experiments)
        {
            _progress.Info($"{experiment.Name}: {(experiment.SkippedReason is null ? VerdictText.Of(experiment) : "skipped.")}");
            foreach (var variant in experiment.Variants.Where(v => v.Prediction is not null))
            {
                _progress.Info($"    {variant.Name}: {PredictionText.Sentence(experiment, variant)}");
            }
        }

        if (overhead is not null)
        {
            _progress.Info($"Instrument overhead: the app's /hello at {overhead.Ratio:0.00}× a minimal ASP.NET Core app's req/s "
                + $"({overhead.AppRps:#,0} vs {overhead.MinimalRps:#,0}).");
        }

        _progress.Info($"Report: {html} (took {_progress.Elapsed.TotalMinutes:0.#} min)");
        live.Finish(_progress);
    }

    /// <summary>Every variant's search, one probe at a time, then the experiment's results.</summary>
    private async Task<ExperimentResult> RunExperimentAsync(
        IAppSource source, Experiment experiment, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var terms = request.TermsFor(experiment);
        var parameters = request.Parameters[experiment.Id];
        if (source.SkippedReason(experiment) is { } reason)
        {
            _progress.Warn($"{experiment.Id} skipped: {reason}");
            foreach (var _ in experiment.Variants)
            {
                _progress.VariantDone();
            }

            return ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, [], reason));
        }

        var steps = new List<AnalysedStep>();
        var findings = new Dictionary<string, SearchFinding>();
        var policy = request.SearchPolicyFor(experiment);
        foreach (var variant in experiment.Variants)
        {
            var outcomes = new List<ProbeOutcome>();
            int? knee = null, latestKnee = null;
            while (CapacitySearch.Next(policy, outcomes, knee, latestKnee) is NextProbe probe)
            {
                _progress.ProbeStarting(experiment.Id, variant.Name, probe);
                var run = outcomes.Count(o => o.Concurrency == probe.Concurrency) + 1;
                var step = await RunProbeAsync(source, experiment, variant, probe, (run, outcomes.Count + 1), terms, k6, cpu,
                    checkRoutes: steps.Count == 0, cancellationToken);
                steps.Add(step);
                outcomes.Add(CapacityAnalysis.Outcome(step.Result, terms.Sla));
                if (policy.Refine)
                {
                    // After the lightest probe the laws know R₀ and the CPU per request: the search looks where they put the
                    // knee, and each probe after it reads the CPU per request again (lower at heavier loads), so the climb
                    // follows the knee as it moves.
                    latestKnee = PredictedKnee.Of(ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, steps)),
                        variant.Name, RunDescription.Of(_facts!, _app, HostFacts.Current));
                    knee ??= latestKnee;
                }
            }

            findings[variant.Name] = ((SearchDone)CapacitySearch.Next(policy, outcomes, knee, latestKnee)).Finding;
            _progress.VariantDone();
        }

        return ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, steps, Findings: findings));
    }

    /// <summary>One probe: a fresh app (or the target after its cool-down), k6 at one load,
    /// the stacks after its window, the analysis.</summary>
    private async Task<AnalysedStep> RunProbeAsync(
        IAppSource source, Experiment experiment, Variant variant, NextProbe probe, (int Run, int Number) at, ExperimentTerms terms,
        K6Tool k6, HostCpuSampler cpu, bool checkRoutes, CancellationToken cancellationToken)
    {
        if (_anyProbe && source.CooldownSeconds > 0)
        {
            await Task.Delay(TimeSpan.FromSeconds(source.CooldownSeconds), cancellationToken);
        }

        _anyProbe = true;
        var run = at.Run;
        var name = string.Create(CultureInfo.InvariantCulture, $"{experiment.Id}-{variant.Name}-c{probe.Concurrency}-r{run}");
        var tags = new ProbeTags(experiment.Id, variant.Name, probe.Concurrency, at.Number, name);
        MeasuredRun summary;
        IReadOnlyList<RuntimeSample> timeline;
        StackSnapshot? stacks;
        // Every app whose process the sweep knows is read from outside while it runs: its timeline is the reader's.
        var probeRun = new ProbeRun(name, variant.Name, probe.Concurrency, _live?.AppEnvironment(tags));
        var started = await source.StartAsync(experiment, probeRun, cancellationToken);
        await using (var app = await ObservedApp.WrapAsync(started))
        {
            _readFromOutside |= app is ObservedApp;
            _app = RunDescription.Merge(_app, await app.DescribeAsync(cancellationToken));
            if (checkRoutes)
            {
                await ProbeAsync(experiment, new AppClient(app.Url), cancellationToken);
            }

            (summary, stacks) = await RunK6Async(experiment, app, tags, probe.Seconds, k6, cpu, cancellationToken);
            timeline = await app.FinishAsync(summary, cancellationToken);
        }

        var step = summary.Steps.Single();
        var window = StandaloneResults.StepWindow(timeline, step);
        var waits = stacks is null ? null : WaitGroups.Of(stacks);
        var result = StepAnalysis.Analyse(new StepRun(step, window, cpu.Window(step.MeasureFromMs, step.EndMs)), terms) with
        {
            Pass = probe.Pass,
            Run = run,
            Waits = waits,
            WaitsCost = stacks is null ? null : new StackCost(stacks.SessionMs, stacks.TotalMs),
        };
        _progress.ProbeDone(StepLine.Of(result, terms));
        if (StepLine.Why(result) is { Length: > 0 } why)
        {
            _progress.ProbeDone(why);
        }

        return new AnalysedStep(step.Variant, step.StartMs, result, window);
    }

    private async Task<(MeasuredRun Summary, StackSnapshot? Stacks)> RunK6Async(Experiment experiment, IRunningApp app, ProbeTags probe,
        double seconds, K6Tool k6, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        var (name, variant, concurrency) = (probe.Name, probe.Variant, probe.Load);
        var baseUrl = app.LoadUrl;
        var resultsFile = Path.Combine(_rawDirectory, $"{name}-k6.json");
        var sla = request.SlaFor(experiment);
        var environment = new Dictionary<string, string>
        {
            ["EXPERIMENT"] = experiment.Id,
            ["DECLARATION"] = layout.DeclarationOf(experiment),
            ["MODEL"] = request.Model.Name,
            ["SET"] = string.Join(",", request.Parameters[experiment.Id].Select(p => $"{p.Key}={p.Value}")),
            ["BASE_URL"] = baseUrl.ToString().TrimEnd('/'),
            ["READY_PATH"] = request.ReadyPath ?? "/healthz",
            ["VARIANTS"] = variant,
            ["STEPS"] = Invariant(concurrency),
            ["WARMUP_SECONDS"] = Invariant(request.WarmupSeconds),
            ["STEP_SECONDS"] = Invariant(seconds),
            ["TAIL_SECONDS"] = Invariant(app.ProcessId is null ? 0 : request.TailSeconds),
            ["COOLDOWN_SECONDS"] = "0",
            ["SLA_P95_MS"] = Invariant(sla.P95Ms),
            ["SLA_ERROR_RATE"] = Invariant(sla.MaxErrorRate),
            ["RESULTS_FILE"] = resultsFile,
            ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
            ["K6_NO_USAGE_REPORT"] = "true",
        };
        foreach (var (key, value) in _live?.K6Environment(probe) ?? new Dictionary<string, string>())
        {
            environment[key] = value;
        }

        var scenariosStart = new TaskCompletionSource<long>(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var process = k6.Run(layout, layout.SweepScript, environment, Path.Combine(_rawDirectory, $"{name}-k6.log"),
            line =>
            {
                // k6 logs it as msg="asynccapacity: scenarios start at 1795462017038" source=console: the digits after the words.
                var at = line.IndexOf(ScenariosStart, StringComparison.Ordinal);
                var digits = at < 0 ? [] : line.AsSpan(at + ScenariosStart.Length);
                digits = digits[..(digits.IndexOfAnyExceptInRange('0', '9') is var end and >= 0 ? end : digits.Length)];
                if (long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var ms))
                {
                    scenariosStart.TrySetResult(ms);
                }
            },
            request.Isolation?.LoadGeneratorCpus);
        cpu.Track(process.Id);
        var exited = process.WaitForExitAsync(cancellationToken);
        var stacks = request.Stacks && app.ProcessId is { } pid
            ? TakeStacksAsync(pid, name, seconds, scenariosStart.Task, exited, cancellationToken)
            : Task.FromResult<StackSnapshot?>(null);
        if (await Task.WhenAny(exited, Task.Delay(Planned(seconds) + OverrunGrace, cancellationToken)) != exited)
        {
            // k6 ends only once every WebSocket session has closed, and it closes with the close handshake, waiting without
            // a deadline for the app's answer: a starved app answers late, a mute one never. The step is over by now.
            await stacks;
            _progress.Warn(await app.EndSessionsAsync()
                ? $"k6 was still waiting for the app to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"the app was stopped to end them (its step was over)."
                : $"k6 is still waiting for {baseUrl} to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"it ends when the target answers (Ctrl+C stops the sweep).");
        }

        var exitCode = await exited;
        var snapshot = await stacks;
        if (exitCode is not (0 or K6Tool.ThresholdsCrossedExitCode) || !File.Exists(resultsFile))
        {
            throw new HarnessException(
                $"k6 failed (exit {exitCode}) on {name}; see {process.LogPath}:{Environment.NewLine}{process.Tail()}");
        }

        return (K6ResultsFile.Parse(await File.ReadAllTextAsync(resultsFile, cancellationToken), resultsFile), snapshot);
    }

    /// <summary>
    /// The app's thread stacks just after the measured window, while k6 keeps the step's load on (its tail), so the
    /// window is not disturbed; kept beside the raw results. A snapshot that fails costs the step its waits, not the sweep.
    /// </summary>
    private async Task<StackSnapshot?> TakeStacksAsync(int pid, string name, double seconds,
        Task<long> scenariosStart, Task k6Exited, CancellationToken cancellationToken)
    {
        if (await Task.WhenAny(scenariosStart, k6Exited) != scenariosStart)
        {
            return null;
        }

        var windowEnd = DateTimeOffset.FromUnixTimeMilliseconds(await scenariosStart)
            .AddSeconds(request.WarmupSeconds + seconds + 0.1);
        var wait = windowEnd - DateTimeOffset.UtcNow;
        if (wait > TimeSpan.Zero)
        {
            await Task.Delay(wait, cancellationToken);
        }

        try
        {
            var snapshot = await ThreadStacks.TakeAsync(pid, cancellationToken);
            await File.WriteAllTextAsync(Path.Combine(_rawDirectory, $"{name}-stacks.json"),
                System.Text.Json.JsonSerializer.Serialize(snapshot, WireJson.Options), cancellationToken);
            return snapshot;
        }
        catch (HarnessException ex)
        {
            _progress.Warn($"no thread stacks for {name}: {ex.Message}");
            return null;
        }
    }

    /// <summary>How long a probe's k6 run is planned to last: warm-up, window and tail.</summary>
    private TimeSpan Planned(double seconds) => TimeSpan.FromSeconds(request.WarmupSeconds + seconds + request.TailSeconds);

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
            if (await client.ProbeAsync(variant.Method, route, ProbeBody(experiment), cancellationToken, experiment.Headers) is { } refusal)
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

    private static string Invariant(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
