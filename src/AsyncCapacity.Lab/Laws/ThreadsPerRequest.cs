using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Laws;

/// <summary>
/// The pool threads a variant holds per request, measured rather than declared. Little's law on each probe: the pool
/// threads its stacks caught in the request path ÷ its throughput = thread-seconds held per request; ÷ the seconds a
/// request holds one (<see cref="ServiceDemand.HoldSeconds"/>) = threads per request. Awaited: about 0; a blocking call:
/// about 1; a blocking call whose work item blocks too: about 2. Above that, the request also waited for a thread.
/// </summary>
public static class ThreadsPerRequest
{
    /// <summary>Fewer threads in one snapshot say little: at 1 client a snapshot catches 0 or 1.</summary>
    public const int MinimumHeld = 3;

    public static MeasuredHold? Of(IReadOnlyList<StepResult> steps, double holdSeconds)
    {
        if (holdSeconds <= 0)
        {
            return null;
        }

        var perProbe = steps
            .Where(s => s.Waits is not null && s.Rps > 0 && s.Requests >= ProbeWindowMinimum && Held(s.Waits) >= MinimumHeld)
            .Select(s => Held(s.Waits!) / s.Rps / holdSeconds)
            .Order()
            .ToList();
        return perProbe.Count == 0 ? null
            : new MeasuredHold(Math.Round(Median(perProbe), 2), Math.Round(perProbe[0], 2), Math.Round(perProbe[^1], 2), perProbe.Count);
    }

    /// <summary>Pool threads in the request path: in the app's code, or blocked where the JIT inlined it.</summary>
    public static int Held(WaitSummary waits) => waits.Groups.Where(g => g.Pool).Sum(g => g.Threads);

    private const int ProbeWindowMinimum = 20;

    private static double Median(List<double> sorted) =>
        sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
}
