using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// Whether an experiment wrote through the audit log: any sample of its timelines has entries queued for the writers
/// or requests refused with 503 (both stay 0 elsewhere). Its timelines then show the audit queue and the 503 rate
/// instead of the connection pool, and its step tables say what the errors are. report.js applies this same rule in
/// <c>watchesAuditQueue</c>.
/// </summary>
internal static class AuditQueue
{
    /// <summary>What a refused request is, wherever the report names it.</summary>
    public const string Rejection = "503 Server Too Busy (queue full)";

    public static bool IsWatched(ExperimentResult experiment) =>
        experiment.Gauges?.Contains(GaugeCatalog.AuditQueue.Id) == true;

    /// <summary>Whether any request of the experiment was refused; without one, its timelines draw no 503 axis.</summary>
    public static bool AnyRejected(ExperimentResult experiment) =>
        experiment.Variants.Any(v => v.Timeline.Any(s => s.Gauge(GaugeKeys.AuditRejected) > 0));
}
