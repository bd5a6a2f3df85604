using System.Globalization;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>Runs the sweep: for every experiment and variant, the capacity search asks for a probe, the <see cref="Probe"/> runs its load
/// against an app from the <see cref="IAppSource"/> and is analysed once as it ends, and the search asks again until it has found the knee
/// (<see cref="ExperimentSweep"/>); then the report. The loop is the same whichever source serves it.</summary>
internal sealed class SweepRunner(SweepRequest request, RepositoryLayout layout)
{
    private readonly string _rawDirectory = Path.Combine(request.OutputDirectory, "raw");
    private readonly ConsoleProgress _progress = new(
        [.. request.Experiments.SelectMany(e => e.Variants.Select(_ => request.SearchPolicyFor(e).MaxProbes))],
            request.ProbeDuration, request.Model.StepUnit);

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        var startedAt = DateTimeOffset.UtcNow;
        Directory.CreateDirectory(_rawDirectory);
        var load = await K6Generator.LocateAsync(layout, _rawDirectory, cancellationToken);
        await using var live = await LiveSession.StartAsync(request.Live, layout, _rawDirectory, _progress, cancellationToken);
        AnnouncePlan(load.Version);
        await using var cpu = new HostCpuSampler();
        var (source, overhead) = await PrepareAsync(load, cpu, cancellationToken);
        await using var _ = source;

        var settings = new SweepSettings(request.Model, request.AllSteps, request.WarmupSeconds, request.StepSeconds,
            request.Target is null ? 0 : request.CooldownSeconds, request.MinWorkerThreads, request.RequestQueue,
            request.AppSettings.Count > 0 ? request.AppSettings : null);
        var facts = HostFacts.Of(new RunFacts(startedAt, startedAt, load.Version,
            request.Profile.Name + (request.Customised ? " (customised)" : ""), source.Target, source.Isolation, settings, request.Sla,
            overhead, request.Isolation, live.Telemetry?.Description));
        var run = new SweepContext(request, _rawDirectory, _progress, source, load, cpu,
            live.Telemetry, facts, layout);
        var experiments = new List<ExperimentResult>();
        foreach (var experiment in request.Experiments.Select(request.Plotted))
        {
            experiments.Add(await ExperimentSweep.RunAsync(run, experiment, cancellationToken));
        }

        await ReportAsync(run, experiments, overhead, cancellationToken);
        live.Finish(_progress);
    }

    private void AnnouncePlan(string loadGenerator)
    {
        _progress.Info(
            $"Sweeping "
            + $"{string.Join(", ", request.Experiments.Select(e => $"{e.Id} (coarse pass {string.Join(",", request.StepsFor(e))})"))}"
            + $" {request.Model.StepUnit}, "
            + (request.Search ? "then each variant's knee searched" : "the grid only (--search off)")
            + Invariant($": at most {request.MaxProbes} probes of {request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s, ")
            + Invariant($"at most {request.WorstCaseDuration.TotalMinutes:0} min, with {loadGenerator}."));
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
    }

    private async Task<(IAppSource Source, InstrumentOverhead? Overhead)> PrepareAsync(
        ILoadGenerator load, HostCpuSampler cpu, CancellationToken cancellationToken)
    {
        if (request.Target is { } target)
        {
            return (await RunningTarget.CheckAsync(
                target, request.CooldownSeconds, request.TargetProcessId, request.ReadyPath, cancellationToken), null);
        }

        if (request.App is { } userApp)
        {
            return (await UserApps.PrepareAsync(userApp, request, _rawDirectory, _progress, cancellationToken), null);
        }

        var apps = await FreshApps.PrepareAsync(layout, request, _rawDirectory, _progress, cancellationToken);
        try
        {
            return (apps, request.Baseline
                ? await InstrumentBaseline.MeasureAsync(layout, request, apps, load, cpu, _rawDirectory, _progress, cancellationToken)
                : null);
        }
        catch
        {
            await apps.DisposeAsync();
            throw;
        }
    }

    private async Task ReportAsync(
        SweepContext run, List<ExperimentResult> experiments, InstrumentOverhead? overhead, CancellationToken cancellationToken)
    {
        var facts = run.Facts with
        {
            FinishedAt = DateTimeOffset.UtcNow,
            Target = run.Facts.Target with { ReadFromOutside = run.Readings.AnyFromOutside },
        };
        var document = Predictions.Attach(new ResultsDocument(
            ResultsDocument.CurrentSchemaVersion, RunDescription.Of(facts, run.Readings.App), experiments));
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
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
