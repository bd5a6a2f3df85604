using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.Audit;

internal sealed class AuditGauge(IEnumerable<IAuditLog> logs) : IGaugeSource
{
    public void Read(IDictionary<string, double> gauges)
    {
        var stats = logs.Select(log => log.Stats).ToList();
        gauges[GaugeKeys.AuditQueued] = stats.Sum(s => s.Queued);
        gauges[GaugeKeys.AuditRejected] = stats.Sum(s => s.Rejected);
    }
}
