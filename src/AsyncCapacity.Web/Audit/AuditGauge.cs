using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.Audit;

/// <summary>Both audit logs' queues and refusals, for the timeline: entries waiting for the writers, 503s so far.</summary>
internal sealed class AuditGauge(IEnumerable<IAuditLog> logs) : IGaugeSource
{
    public void Read(IDictionary<string, double> gauges)
    {
        var stats = logs.Select(log => log.Stats).ToList();
        gauges[GaugeKeys.AuditQueued] = stats.Sum(s => s.Queued);
        gauges[GaugeKeys.AuditRejected] = stats.Sum(s => s.Rejected);
    }
}
