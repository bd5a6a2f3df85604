using System.Diagnostics.Tracing;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Event 55 of the runtime's provider, read by payload name (its fourth field is ClrInstanceID, not the reason); a
/// dedicated runtime thread delivers it, so a starved pool still does, and every listener shares it: interlocked only.
/// </summary>
public sealed class ThreadPoolAdjustments : EventListener
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords ThreadingKeyword = (EventKeywords)0x10000;
    private const int AdjustmentEventId = 55;
    private const int MinMaxThreadsEventId = 59;

    // Initialised before the base constructor runs, which may already deliver events for sources that exist.
    private readonly PoolAdjustmentTally _tally = new(MinWorkerThreads());

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
