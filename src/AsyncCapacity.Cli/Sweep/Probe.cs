using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One probe: a fresh app (or the target after its cool-down), the load at one level, the stacks after its window,
/// the step analysed once.</summary>
internal sealed record Probe(ProbeOrder Order)
{
    /// <summary>How long the load may run past its plan before the sweep ends the sessions the app still holds.</summary>
    private static readonly TimeSpan OverrunGrace = TimeSpan.FromSeconds(20);

    private ExperimentPlan Plan => Order.Plan;

    public async Task<ProbeAnswer> RunAsync(SweepContext run, CancellationToken cancellationToken)
    {
        var tags = new ProbeTags(Plan.Id, Order.Variant, Order.Load, Order.Number, Order.Name);
        MeasuredRun summary;
        IReadOnlyList<RuntimeSample> timeline;
        StackSnapshot? stacks;
        RuntimeReport? described;
        // Every app whose process the sweep knows is read from outside while it runs: its timeline is the reader's.
        var probeRun = new ProbeRun(Order.Name, Order.Variant, Order.Load, Plan.Parameters, run.Live?.AppEnvironment(tags));
        var started = await run.Source.StartAsync(Plan.Declaration, probeRun, cancellationToken);
        await using (var app = await ObservedApp.WrapAsync(started))
        {
            using var export = LiveFromOutside(run, app, tags);
            if (Order.CheckRoutes)
            {
                await RouteCheck.RunAsync(Plan.Declaration, Plan.Parameters, run.Layout.DeclarationOf(Plan.Declaration),
                    new AppClient(app.Url), cancellationToken);
            }

            (summary, stacks) = await LoadAsync(run, app, tags, cancellationToken);
            // After the load, while it runs: an app read from outside tells its ProcessorCount (and so the pool's minimum) through
            // System.Runtime's first collections, and before them only the machine's would be known, not what a quota made of it.
            described = await app.DescribeAsync(cancellationToken);
            timeline = await app.FinishAsync(summary, cancellationToken);
            var step = summary.Steps.Single();
            var window = StandaloneResults.StepWindow(timeline, step);
            var cpu = run.Cpu.Window(step.MeasureFromMs, step.EndMs);
            var result = StepAnalysis.Analyse(new StepRun(step, window, cpu, stacks, described?.ProcessorCount), Order.Terms);
            return new ProbeAnswer(new AnalysedStep(step.Variant, step.StartMs, result, window), described, app is ObservedApp);
        }
    }

    /// <summary>The lab's own app exports itself when live; any other app the sweep reads is shown by what its reader reads.</summary>
    private static ReaderExport? LiveFromOutside(SweepContext run, IRunningApp app, ProbeTags tags) =>
        run.Live is { } live && app is ObservedApp observed
            && run.Source.Target.Kind is not (AppTargetKind.BuiltApp or AppTargetKind.PublishedApp)
                ? ReaderExport.Start(live, tags, () => observed.Latest)
                : null;

    private async Task<(MeasuredRun Summary, StackSnapshot? Stacks)> LoadAsync(
        SweepContext run, IRunningApp app, ProbeTags tags, CancellationToken cancellationToken)
    {
        var request = run.Request;
        var tail = app.ProcessId is null ? 0 : Order.Timing.TailSeconds;
        var spec = run.LoadOf(Order, app, tags) with { TailSeconds = tail, Live = run.Live };
        await using var load = await run.Load.StartAsync(spec, cancellationToken);
        run.Cpu.Track(load.ProcessIds);
        var stacks = request.Stacks && app.ProcessId is { } pid
            ? StackTail.TakeAsync(run, pid, Order.Name, Order.Timing.WarmupSeconds + Order.Seconds, load, cancellationToken)
            : Task.FromResult<StackSnapshot?>(null);
        var planned = TimeSpan.FromSeconds(Order.Timing.WarmupSeconds + Order.Seconds + Order.Timing.TailSeconds);
        if (await Task.WhenAny(load.Exited, Task.Delay(planned + OverrunGrace, cancellationToken)) != load.Exited)
        {
            cancellationToken.ThrowIfCancellationRequested();
            // k6 ends only once every WebSocket session has closed, and it closes with the close handshake, waiting without
            // a deadline for the app's answer: a starved app answers late, a mute one never. The step is over by now.
            await stacks;
            run.Progress.Warn(await app.EndSessionsAsync()
                ? $"k6 was still waiting for the app to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"the app was stopped to end them (its step was over)."
                : $"k6 is still waiting for {app.LoadUrl} to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"it ends when the target answers, or at the probe's deadline (Ctrl+C stops the sweep).");
        }

        // Past the probe's deadline the wait ends, and the load's process with it.
        await load.Exited.WaitAsync(cancellationToken);
        var snapshot = await stacks;
        return (await load.ResultsAsync(cancellationToken), snapshot);
    }
}
