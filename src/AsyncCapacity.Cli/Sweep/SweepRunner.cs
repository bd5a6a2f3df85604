using System.Globalization;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>Wires the sweep: the app source, the load generator, the CPU sampler and the live view behind the loop's port
/// (<see cref="AppProbes"/>), the console as its progress, and the journal that keeps every probe; the loop itself is the lab's
/// (<see cref="SweepLoop"/>). Then the report, or a partial one when the sweep is stopped.</summary>
/// <param name="recorded">A resumed sweep's probes, replayed as the search asks for them again; null for a new sweep.</param>
internal sealed class SweepRunner(
    SweepRequest request, RunPlan plan, RepositoryLayout layout, SweepStart start, IReadOnlyList<RecordedProbe>? recorded = null)
{
    private readonly string _rawDirectory = Path.Combine(request.OutputDirectory, "raw");
    private readonly ConsoleProgress _progress = new(
        plan.MaxProbesPerVariant, plan.ProbeDuration, request.Model.StepUnit, request.HoldsWorstCase(plan));
    private readonly IReadOnlyList<IVariantPhase> _phases =
    [
        .. request.Demand ? [new DemandPhase()] : Array.Empty<IVariantPhase>(),
        .. plan.Experiments.Any(e => e.Sustain is not null) ? [new SustainedPhase()] : Array.Empty<IVariantPhase>(),
    ];

    public async Task RunAsync(CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(_rawDirectory);
        // Made (or refused, in one line) before anything starts, and removed after every app in it has stopped.
        using var quota = request.AppCpus is { } appCpus ? CpuQuotaGroup.Create(appCpus) : null;
        var load = await LoadTool.LocateAsync(layout, _rawDirectory, request.LoadRunners, cancellationToken);
        await using var live = await LiveSession.StartAsync(request.Live, layout, _rawDirectory, _progress, cancellationToken);
        AnnouncePlan(load.Version, quota);
        await using var cpu = new HostCpuSampler(quota);
        var (source, overhead) = await PrepareAsync(load, cpu, quota, cancellationToken);
        await using var _ = source;

        var journal = new SweepJournal(request.OutputDirectory);
        await journal.BeginAsync(start with { Overhead = overhead }, resumed: recorded is not null);
        var settings = new SweepSettings(request.Model, plan.AllSteps, request.WarmupSeconds, request.StepSeconds,
            request.Target is null ? 0 : request.CooldownSeconds, request.MinWorkerThreads, request.RequestQueue,
            request.AppSettings.Count > 0 ? request.AppSettings : null);
        var facts = HostFacts.Of(new RunFacts(start.StartedAt, start.StartedAt, load.Version,
            request.Profile.Name + (request.Customised ? " (customised)" : ""), source.Target, source.Isolation, settings, plan.Sla,
            overhead, request.Isolation, live.Telemetry?.Description)
        {
            CpuQuota = quota?.Describe(),
            LoadRunners = request.LoadRunners?.Select(r => r.Describe()).ToList(),
        });
        var run = new SweepContext(request, _rawDirectory, _progress, source, load, cpu, live.Telemetry, layout);
        var record = new SweepRecord();
        IProbePort port = recorded is null ? new AppProbes(run, journal) : new ReplayPort(recorded, new AppProbes(run, journal));
        try
        {
            await Loop(port).RunAsync(plan, facts, record, cancellationToken);
        }
        catch (Exception ex) when (record.Probes > 0 && ex is OperationCanceledException or HarnessException or UsageException)
        {
            await SweepReport.WritePartialAsync(request.OutputDirectory, plan, facts, record, _phases, ex, _progress);
            throw;
        }

        await SweepReport.WriteAsync(request.OutputDirectory, plan, facts, record, _phases, _progress, cancellationToken);
        live.Finish(_progress);
        if (record.AllFailed)
        {
            throw new HarnessException("Every probe failed (see the warnings above): the report holds no measurement.");
        }
    }

    private SweepLoop Loop(IProbePort port) => new(port, _progress) { Phases = _phases };

    private void AnnouncePlan(string loadGenerator, CpuQuotaGroup? quota)
    {
        if (recorded is not null)
        {
            _progress.Info($"Resuming the sweep in {request.OutputDirectory}: its {recorded.Count} finished probes are replayed as the "
                + "search asks for them again, and only what it asks beyond them is run.");
        }

        _progress.Info(
            $"Sweeping "
            + $"{string.Join(", ", plan.Experiments.Select(e => $"{e.Id} (coarse pass {string.Join(",", e.Steps)})"))}"
            + $" {request.Model.StepUnit}, "
            + (request.Search ? "then each variant's knee searched" : "the grid only (--search off)")
            + Invariant($": at most {plan.MaxProbes} probes of {request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s, ")
            + Invariant($"at most {request.WorstCaseDuration(plan).TotalMinutes:0} min, with {loadGenerator}."));
        foreach (var warning in SweepPlan.WindowWarnings(request, plan))
        {
            _progress.Warn(warning);
        }

        if (plan.Cap is { } cap)
        {
            _progress.Info($"{ProbePlanText.Cap(cap, request.Model)}.");
        }

        if (quota is not null)
        {
            _progress.Info($"CPU quota: the app under {RunText.Quota(quota.Cpus, CpuQuotaGroup.PeriodMicroseconds, quota.Cgroup)}; "
                + "what .NET makes of it is read from the app.");
        }

        if (request.Isolation is { } isolation)
        {
            _progress.Info(
                $"CPU isolation: the app on CPU {isolation.AppCpus} "
                + $"(.NET sees {isolation.AppCores} {(isolation.AppCores == 1 ? "core" : "cores")}, "
                + $"so the pool's minimum is {isolation.AppCores}), k6 on CPU {isolation.LoadGeneratorCpus}.");
        }

        if (request.LoadRunners is { } runners)
        {
            _progress.Info(RunText.Runners(runners.Select(r => r.Describe()).ToList()) + ".");
            if (request.Live is not null)
            {
                _progress.Warn("--live shows the app; split runners do not export k6's own metrics to it.");
            }
        }
    }

    /// <summary>A resumed sweep keeps the baseline it measured first.</summary>
    private async Task<(IAppSource Source, InstrumentOverhead? Overhead)> PrepareAsync(
        ILoadGenerator load, HostCpuSampler cpu, CpuQuotaGroup? quota, CancellationToken cancellationToken)
    {
        if (request.Target is { } target)
        {
            return (await RunningTarget.CheckAsync(
                target, request.CooldownSeconds, request.TargetProcessId, request.ReadyPath, cancellationToken), null);
        }

        if (request.App is { } userApp)
        {
            return (await UserApps.PrepareAsync(userApp, request, _rawDirectory, _progress, cancellationToken, quota), null);
        }

        var apps = await FreshApps.PrepareAsync(layout, request, _rawDirectory, _progress, cancellationToken, quota);
        try
        {
            return (apps, request.Baseline && start.Overhead is null
                ? await InstrumentBaseline.MeasureAsync(layout, request, apps, load, cpu, _rawDirectory, _progress, cancellationToken)
                : start.Overhead);
        }
        catch
        {
            await apps.DisposeAsync();
            throw;
        }
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
