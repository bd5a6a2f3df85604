using System.Diagnostics;
using System.Globalization;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One load held on a fresh app for up to the sustained horizon: read every second as k6 counts it, ended as soon as it
/// has been caught up with for the confirmation span, then read again in full from k6's results and the runtime reader.</summary>
internal sealed record HeldLoad(Experiment Experiment, Variant Variant, int Load, double HorizonSeconds, HoldTerms Terms)
{
    /// <summary>Past the horizon and the app's start, when the hold's processes are stopped whatever k6 is doing.</summary>
    private static readonly TimeSpan Margin = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan ReportEvery = TimeSpan.FromSeconds(15);

    private string Name => string.Create(CultureInfo.InvariantCulture, $"{Experiment.Id}-{Variant.Name}-c{Load}-hold");

    public async Task<SustainedHold> RunAsync(SweepContext run, CatchUpForecast? forecast, CancellationToken cancellationToken)
    {
        var started = await run.Source.StartAsync(Experiment, new ProbeRun(Name, Variant.Name, Load), cancellationToken);
        await using var app = await ObservedApp.WrapAsync(started);
        var request = run.Request;
        await using var load = run.Load.Start(new LoadSpec(Name, Experiment, Variant.Name, Load, request.Model,
            request.Parameters[Experiment.Id], app.LoadUrl, request.ReadyPath ?? "/healthz", 0, HorizonSeconds, 0,
            Terms.Sla, null, new Live.ProbeTags(Experiment.Id, Variant.Name, Load, 0, Name), request.Isolation?.LoadGeneratorCpus,
            Held: true), cancellationToken);
        run.Cpu.Track(load.ProcessId);
        if (await Task.WhenAny(load.ScenariosStart, load.Exited) != load.ScenariosStart)
        {
            return HoldReading.Failed(Load, $"k6 ended before its load started (exit {await load.Exited})");
        }

        var loadStart = await load.ScenariosStart;
        var stoppedAt = await WatchAsync(run, load, loadStart, cancellationToken);
        var results = await load.ResultsAsync(cancellationToken);
        var timeline = await app.FinishAsync(results, cancellationToken);
        var complete = stoppedAt is { } stop ? (int)((stop - loadStart) / 1000) : (int)Math.Floor(HorizonSeconds);
        var seconds = HoldSeries.Of(results.Steps.Single().Seconds ?? [], timeline, loadStart, complete);
        // The machine and k6 over the hold's last span: where the load was still behind, they say whether the pool was the limit.
        var end = loadStart + (complete * 1000L);
        var cpu = run.Cpu.Window(Math.Max(loadStart, end - (SteadyStateReader.GrowthSpanSeconds * 1000L)), end);
        return HoldReading.Of(Load, seconds, Terms, forecast) with
        {
            MachineCpuPercent = cpu?.MachinePercent is { } machine ? Math.Round(machine, 1) : null,
            LoadGeneratorCpuPercent = cpu?.LoadGeneratorPercent is { } k6 ? Math.Round(k6, 1) : null,
        };
    }

    /// <summary>Reads k6's counts once a second; once every second since some second has met the SLA for the confirmation span,
    /// stops the load and returns when (Unix ms). Null: the load ran its whole horizon.</summary>
    private async Task<long?> WatchAsync(SweepContext run, ILoadRun load, long loadStart, CancellationToken cancellationToken)
    {
        var deadline = Stopwatch.StartNew();
        var reported = TimeSpan.Zero;
        while (!load.Exited.IsCompleted)
        {
            await Task.WhenAny(load.Exited, Task.Delay(TimeSpan.FromSeconds(1), cancellationToken));
            var now = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
            var complete = (int)((now - loadStart) / 1000);
            var counted = await load.CountedAsync(cancellationToken);
            var catchUp = CatchUpFinder.Find([.. counted.Where(s => s.Second < complete).Select(HoldSeries.Held)], Terms);
            if (catchUp.Confirmed(Terms.ConfirmSeconds))
            {
                await load.StopAsync(cancellationToken);
                run.Progress.Info(string.Create(CultureInfo.InvariantCulture,
                    $"    held {Load}: caught up at {catchUp.At} s, met since; stopped at {complete} s."));
                await load.Exited;
                return now;
            }

            if (deadline.Elapsed - reported >= ReportEvery)
            {
                reported = deadline.Elapsed;
                run.Progress.Info(string.Create(CultureInfo.InvariantCulture,
                    $"    held {Load}: {complete} s of {HorizonSeconds:0} s, {(catchUp.At is { } at ? $"met since {at} s" : "behind")}."));
            }

            if (deadline.Elapsed > TimeSpan.FromSeconds(HorizonSeconds) + Margin)
            {
                run.Progress.Warn($"{Name}: k6 still running {Margin.TotalSeconds:0} s past the horizon; stopped.");
                await load.StopAsync(cancellationToken);
                break;
            }
        }

        await load.Exited;
        return null;
    }
}
