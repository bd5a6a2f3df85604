using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Laws;

/// <summary>
/// The pool threads a variant holds per request in flight, measured rather than declared: on each probe where the pool
/// had threads to spare, the pool threads its stacks caught in the request path ÷ the requests in flight (the clients;
/// in the open model, Little's law: req/s × mean response). Awaited: 0; a blocking call: 1; a call whose work item blocks
/// on another thread too: 2. Where the pool ran out of threads, requests wait for one holding none, so those probes say less.
/// </summary>
public static class ThreadsPerRequest
{
    /// <summary>Fewer threads in one snapshot say little: at 1 client a snapshot catches 0 or 1.</summary>
    public const int MinimumHeld = 3;

    private const int MinimumRequests = 20;

    public static MeasuredHold? Of(IReadOnlyList<StepResult> steps, bool closedModel)
    {
        var perProbe = steps
            .Where(s => s.Waits is { } waits && Held(waits) >= MinimumHeld && Held(waits) < waits.PoolThreads
                && s.Requests >= MinimumRequests && InFlight(s, closedModel) > 0)
            .Select(s => Held(s.Waits!) / InFlight(s, closedModel))
            .Order()
            .ToList();
        return perProbe.Count == 0 ? null
            : new MeasuredHold(Math.Round(Median(perProbe), 2), Math.Round(perProbe[0], 2), Math.Round(perProbe[^1], 2), perProbe.Count);
    }

    /// <summary>Pool threads in the request path: in the app's code, or blocked where the JIT inlined it.</summary>
    public static int Held(WaitSummary waits) => waits.Groups.Where(g => g.Pool).Sum(g => g.Threads);

    private static double InFlight(StepResult step, bool closedModel) =>
        closedModel ? step.Concurrency : step.Rps * (step.MeanMs ?? 0) / 1000;

    private static double Median(List<double> sorted) =>
        sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
}
