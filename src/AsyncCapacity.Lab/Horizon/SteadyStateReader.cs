using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>Where the pool settled, read off the held loads: the lightest load still behind at the horizon is where it stopped or
/// still grew; with none behind, the heaviest caught up says what serving it cost.</summary>
public static class SteadyStateReader
{
    /// <summary>The span a growth rate is read over: long enough to hold several of hill climbing's samples.</summary>
    public const int GrowthSpanSeconds = 30;

    /// <summary>Below this a pool is flat: a thread in a span, and the wave hill climbing adds and takes back.</summary>
    public const double FlatPerSecond = 1.5 / GrowthSpanSeconds;

    public static SteadyState? Of(IReadOnlyList<SustainedHold> holds, PoolFacts? facts)
    {
        var measured = holds.Where(h => h.EndedBy != HoldEnd.Failed).ToList();
        if (measured.Count == 0)
        {
            return null;
        }

        if (measured.Where(h => !h.CaughtUp).MinBy(h => h.Concurrency) is not { } behind)
        {
            var heaviest = measured.MaxBy(h => h.Concurrency)!;
            return new SteadyState(SteadyKind.CaughtUp, heaviest.Concurrency, heaviest.Cost?.PoolThreads,
                heaviest.Cost?.WorkingSetMb, heaviest.Cost?.CpuPercent);
        }

        var needed = facts?.ThreadsNeeded(behind.Concurrency);
        var growth = GrowthPerSecond(behind.Seconds);
        var threads = behind.Cost?.PoolThreads;
        var kind = threads >= needed ? SteadyKind.Sufficed : growth > FlatPerSecond ? SteadyKind.Growing : SteadyKind.Stopped;
        var state = new SteadyState(kind, behind.Concurrency, threads,
            behind.Cost?.WorkingSetMb, behind.Cost?.CpuPercent)
        {
            GrowthPerSecond = growth is { } g ? Math.Round(g, 2) : null,
            ThreadsNeeded = needed,
        };
        return state.Kind == SteadyKind.Growing
            ? state with { SecondsMore = needed > threads ? Math.Round((needed.Value - threads!.Value) / growth!.Value) : null }
            : state with { BoundBy = BoundBy(behind, facts) };
    }

    /// <summary>Threads gained per second over the held load's last span.</summary>
    public static double? GrowthPerSecond(IReadOnlyList<HeldSecond> seconds)
    {
        var read = seconds.Where(s => s.PoolThreads is not null).OrderBy(s => s.Second).ToList();
        if (read.Count < 2)
        {
            return null;
        }

        var last = read[^1];
        var first = read.Where(s => s.Second >= last.Second - GrowthSpanSeconds).First();
        return last.Second == first.Second
            ? null
            : (last.PoolThreads!.Value - first.PoolThreads!.Value) / (double)(last.Second - first.Second);
    }

    /// <summary>A resource the laws cap the load with, if the load is beyond it; else the machine's CPU at its limit (k6 shares
    /// it), or the app's when busy; else none the run can name (the injection stopped on its own).</summary>
    private static ResourceKind? BoundBy(SustainedHold behind, PoolFacts? facts) =>
        facts?.CeilingLoad is { } ceiling && behind.Concurrency > ceiling ? facts.CeilingResource
        : behind.MachineCpuPercent >= BusyMachinePercent ? ResourceKind.MachineCpu
        : behind.Cost?.CpuPercent >= BusyCpuPercent ? ResourceKind.Cpu
        : null;

    /// <summary>As a probe is flagged: at 90% of the machine, k6 competes with the app for its cores.</summary>
    public const double BusyMachinePercent = StepFlag.BusyMachinePercent;

    /// <summary>GateThread.CpuUtilizationLow: above it starvation waits NumThreadsGoal seconds without progress, not 0.5.</summary>
    public const double BusyCpuPercent = Pool.PoolRules.CpuUtilizationLow;
}
