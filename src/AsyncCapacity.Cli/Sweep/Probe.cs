using System.Globalization;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One probe: a fresh app (or the target after its cool-down), the load at one level, the stacks after its window,
/// the analysis.</summary>
/// <param name="Run">Which run at this load it is (1 for the first); <paramref name="Number"/> its place in the variant's search.</param>
internal sealed record Probe(Experiment Experiment, Variant Variant, NextProbe Next, int Run, int Number, ExperimentTerms Terms)
{
    /// <summary>How long the load may run past its plan before the sweep ends the sessions the app still holds.</summary>
    private static readonly TimeSpan OverrunGrace = TimeSpan.FromSeconds(20);

    private string Name => string.Create(CultureInfo.InvariantCulture, $"{Experiment.Id}-{Variant.Name}-c{Next.Concurrency}-r{Run}");

    public async Task<AnalysedStep> RunAsync(SweepContext run, bool checkRoutes, CancellationToken cancellationToken)
    {
        var tags = new ProbeTags(Experiment.Id, Variant.Name, Next.Concurrency, Number, Name);
        MeasuredRun summary;
        IReadOnlyList<RuntimeSample> timeline;
        StackSnapshot? stacks;
        // Every app whose process the sweep knows is read from outside while it runs: its timeline is the reader's.
        var probeRun = new ProbeRun(Name, Variant.Name, Next.Concurrency, run.Live?.AppEnvironment(tags));
        var started = await run.Source.StartAsync(Experiment, probeRun, cancellationToken);
        await using (var app = await ObservedApp.WrapAsync(started))
        {
            using var export = LiveFromOutside(run, app, tags);
            run.Readings.Add(await app.DescribeAsync(cancellationToken), app is ObservedApp);
            if (checkRoutes)
            {
                await RouteCheck.RunAsync(Experiment, run.Request.Parameters[Experiment.Id], run.Layout.DeclarationOf(Experiment),
                    new AppClient(app.Url), cancellationToken);
            }

            (summary, stacks) = await LoadAsync(run, app, tags, cancellationToken);
            timeline = await app.FinishAsync(summary, cancellationToken);
        }

        var step = summary.Steps.Single();
        var window = StandaloneResults.StepWindow(timeline, step);
        var result = StepAnalysis.Analyse(new StepRun(step, window, run.Cpu.Window(step.MeasureFromMs, step.EndMs), stacks), Terms) with
        {
            Pass = Next.Pass,
            Run = Run,
        };
        run.Progress.ProbeDone(StepLine.Of(result, Terms));
        if (StepLine.Why(result) is { Length: > 0 } why)
        {
            run.Progress.ProbeDone(why);
        }

        return new AnalysedStep(step.Variant, step.StartMs, result, window);
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
        var tail = app.ProcessId is null ? 0 : request.TailSeconds;
        await using var load = run.Load.Start(new LoadSpec(Name, Experiment, Variant.Name, Next.Concurrency, request.Model,
            request.Parameters[Experiment.Id], app.LoadUrl, request.ReadyPath ?? "/healthz", request.WarmupSeconds, Next.Seconds,
            tail, request.SlaFor(Experiment), run.Live, tags, request.Isolation?.LoadGeneratorCpus), cancellationToken);
        run.Cpu.Track(load.ProcessId);
        var stacks = request.Stacks && app.ProcessId is { } pid
            ? StackTail.TakeAsync(run, pid, Name, Next.Seconds, load, cancellationToken)
            : Task.FromResult<StackSnapshot?>(null);
        var planned = TimeSpan.FromSeconds(request.WarmupSeconds + Next.Seconds + request.TailSeconds);
        if (await Task.WhenAny(load.Exited, Task.Delay(planned + OverrunGrace, cancellationToken)) != load.Exited)
        {
            // k6 ends only once every WebSocket session has closed, and it closes with the close handshake, waiting without
            // a deadline for the app's answer: a starved app answers late, a mute one never. The step is over by now.
            await stacks;
            run.Progress.Warn(await app.EndSessionsAsync()
                ? $"k6 was still waiting for the app to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"the app was stopped to end them (its step was over)."
                : $"k6 is still waiting for {app.LoadUrl} to close its sessions {OverrunGrace.TotalSeconds:0} s after its step; "
                    + $"it ends when the target answers (Ctrl+C stops the sweep).");
        }

        await load.Exited;
        var snapshot = await stacks;
        return (await load.ResultsAsync(cancellationToken), snapshot);
    }
}
