using System.Diagnostics;
using System.Globalization;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One load held on a fresh app for up to --sustain's horizon (the order's window): read every second as k6 counts it,
/// ended as soon as it has been caught up with for the confirmation span, then read again in full from k6's results and the runtime
/// reader.</summary>
internal sealed record HeldLoad(ProbeOrder Order, HoldProbe Hold)
{
    /// <summary>Past the horizon and the app's start, when the held load's processes are stopped whatever k6 is doing.</summary>
    private static readonly TimeSpan Margin = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan ReportEvery = TimeSpan.FromSeconds(15);

    private string Name => string.Create(CultureInfo.InvariantCulture, $"{Order.Plan.Id}-{Order.Variant}-c{Load}-hold");

    private int Load => Order.Load;

    private double HorizonSeconds => Order.Seconds;

    private HoldTerms Terms => Hold.Terms;

    public async Task<SustainedHold> RunAsync(SweepContext run, CancellationToken cancellationToken)
    {
        var plan = Order.Plan;
        var started = await run.Source.StartAsync(plan.Declaration,
            new ProbeRun(Name, Order.Variant, Load, plan.Parameters), cancellationToken);
        await using var app = await ObservedApp.WrapAsync(started);
        // Read from its first second: no warm-up, and judged by the held load's SLA.
        var tags = new Live.ProbeTags(plan.Id, Order.Variant, Load, 0, Name);
        var spec = run.LoadOf(Order, app, tags) with { Name = Name, WarmupSeconds = 0, Sla = Terms.Sla, Held = true };
        await using var load = await run.Load.StartAsync(spec, cancellationToken);
        run.Cpu.Track(load.ProcessIds);
        if (await Task.WhenAny(load.ScenariosStart, load.Exited) != load.ScenariosStart)
        {
            return HoldReading.Failed(Load, FailedProbe.LoadGeneratorFailed(await load.Exited, "it ended before its load started"));
        }

        var loadStart = await load.ScenariosStart;
        var stoppedAt = await WatchAsync(run, load, loadStart, cancellationToken);
        var results = await load.ResultsAsync(cancellationToken);
        var timeline = await app.FinishAsync(results, cancellationToken);
        var complete = stoppedAt is { } stop ? (int)((stop - loadStart) / 1000) : (int)Math.Floor(HorizonSeconds);
        var seconds = HoldSeries.Of(results.Steps.Single().Seconds ?? [], timeline, loadStart, complete);
        // The machine and k6 over the held load's last span: where the load was still behind, they say whether the pool was the limit.
        var end = loadStart + (complete * 1000L);
        var cpu = run.Cpu.Window(Math.Max(loadStart, end - (SteadyStateReader.GrowthSpanSeconds * 1000L)), end);
        return HoldReading.Of(Load, seconds, Terms, Hold.Forecast) with
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
            var seconds = counted.Where(s => s.Second < complete).Select(HoldSeries.Held).ToList();
            var catchUp = CatchUpFinder.Find(seconds, Terms);
            if (Terms.MayEnd(seconds))
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
