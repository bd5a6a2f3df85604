using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Laws;

/// <summary>Measured only where the pool had threads to spare: where it ran out, requests wait for one holding none.</summary>
public static class ThreadsPerRequest
{
    /// <summary>At 1 client a snapshot catches 0 or 1.</summary>
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
            : new MeasuredHold(Math.Round(perProbe.Median(), 2), Math.Round(perProbe[0], 2), Math.Round(perProbe[^1], 2), perProbe.Count);
    }

    public static int Held(WaitSummary waits) => waits.Groups.Where(g => g.Pool).Sum(g => g.Threads);

    private static double InFlight(StepResult step, bool closedModel) =>
        closedModel ? step.Concurrency : step.Rps * (step.MeanMs ?? 0) / 1000;
}
