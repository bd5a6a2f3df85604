using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A held load's seconds: k6's counts by the second it completed in, joined with what the runtime reader read at each
/// second's end (its last sample in that second), from the moment the load started.</summary>
public static class HoldSeries
{
    /// <param name="completeSeconds">Seconds the load ran in full: a second cut short by the held load's end is left out, as its
    /// counts would read as clients unanswered.</param>
    public static IReadOnlyList<HeldSecond> Of(
        IReadOnlyList<CountedSecond> counted, IReadOnlyList<RuntimeSample> timeline, long loadStartMs, int completeSeconds) =>
        [.. counted.Where(s => s.Second < completeSeconds).OrderBy(s => s.Second)
            .Select(s => With(Held(s), Sample(timeline, loadStartMs, s.Second)))];

    public static HeldSecond Held(CountedSecond second) => new(second.Second, second.Requests, second.Failed, second.P95Ms)
    {
        SessionsFailed = second.SessionsFailed,
        SessionsDropped = second.SessionsDropped,
    };

    private static RuntimeSample? Sample(IReadOnlyList<RuntimeSample> timeline, long loadStartMs, int second) =>
        timeline.LastOrDefault(t => t.TimestampMs >= loadStartMs + (second * 1000L)
            && t.TimestampMs < loadStartMs + ((second + 1) * 1000L));

    private static HeldSecond With(HeldSecond second, RuntimeSample? sample) => sample is null ? second : second with
    {
        PoolThreads = sample.ThreadCount,
        QueueLength = sample.PendingWorkItems,
        WorkingSetMb = sample.WorkingSetBytes > 0 ? Math.Round(sample.WorkingSetBytes / 1048576.0, 1) : null,
        CpuPercent = Math.Round(sample.CpuPercent, 1),
    };
}
