using System.Diagnostics.Tracing;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Counts the thread pool's changes to its thread-count goal by the reason it gives, and how far each reason moved the
/// goal: event 55 (ThreadPoolWorkerThreadAdjustment/Adjustment) of the runtime's provider, raised by the portable pool
/// every time it sets a new goal (payload AverageThroughput, NewWorkerThreadCount, Reason, ClrInstanceID; reasons in
/// dotnet/runtime NativeRuntimeEventSource.Threading.cs). The reason is read by its payload name: the payload's
/// fourth field is ClrInstanceID, not the reason.
/// </summary>
/// <remarks>
/// The runtime's events reach an in-process listener through an EventPipe session that one dedicated thread of the
/// runtime drains (".NET Long Running Task", not a pool thread, so a starved pool still delivers them, about a second
/// late at most). Every listener of the process shares that thread, so the callback only does interlocked updates.
/// The goal a change starts from is the previous change's new goal; ThreadPool.SetMinThreads can raise the goal without
/// an adjustment event, which the ThreadPoolMinMaxThreads event (59) reports, so the minimum it carries is applied too.
/// </remarks>
public sealed class ThreadPoolAdjustments : EventListener
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords ThreadingKeyword = (EventKeywords)0x10000;
    private const int AdjustmentEventId = 55;
    private const int MinMaxThreadsEventId = 59;

    // Initialised before the base constructor runs, which may already deliver events for sources that exist.
    private readonly PoolAdjustmentTally _tally = new(MinWorkerThreads());

    /// <summary>The changes so far, by reason name (only reasons seen), as the sampler writes them into each sample.</summary>
    public IReadOnlyDictionary<string, PoolAdjustmentTotals> Totals() => _tally.Totals();

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == RuntimeProvider)
        {
            EnableEvents(eventSource, EventLevel.Informational, ThreadingKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventId == AdjustmentEventId
            && Field(eventData, "Reason") is { } reason
            && Field(eventData, "NewWorkerThreadCount") is { } newGoal)
        {
            _tally.Record(reason, (int)newGoal);
        }
        else if (eventData.EventId == MinMaxThreadsEventId && Field(eventData, "MinWorkerThreads") is { } minimum)
        {
            _tally.RaiseGoalTo((int)minimum);
        }
    }

    private static long? Field(EventWrittenEventArgs eventData, string name)
    {
        var index = eventData.PayloadNames?.IndexOf(name) ?? -1;
        return index >= 0 && eventData.Payload is { } payload && index < payload.Count && payload[index] is IConvertible value
            ? value.ToInt64(System.Globalization.CultureInfo.InvariantCulture)
            : null;
    }

    private static int MinWorkerThreads()
    {
        ThreadPool.GetMinThreads(out var workers, out _);
        return workers;
    }
}
