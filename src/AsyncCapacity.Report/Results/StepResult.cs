namespace AsyncCapacity.Report.Results;

/// <summary>
/// One concurrency step of one variant. Latency and throughput cover the measured window only (warm-up excluded);
/// server figures come from the app's 1 Hz timeline over the same window. Server figures are null when the
/// timeline was not available (a standalone k6 run, or a target that does not expose /diag/runtime).
/// </summary>
/// <param name="Concurrency">The step's load: concurrent clients with no think time in the closed model (k6 virtual
/// users); offered requests per second in the open model (see <see cref="OfferedRps"/>).</param>
/// <param name="DurationSeconds">Length of the measured window.</param>
/// <param name="Requests">Completed requests in the measured window.</param>
/// <param name="P95Ms">Latency figures are null when no request completed in the measured window.</param>
/// <param name="Errors">Failed requests: non-2xx status, timeouts, connection errors; in the open model also the
/// arrivals dropped in the measured window (never sent on time).</param>
/// <param name="ServerP50Ms">Median of Server-Timing app;dur: time inside the app's pipeline.</param>
/// <param name="ThreadsAtStart">Thread-pool threads when the step's load began (warm-up included).</param>
/// <param name="ThreadsAtEnd">Thread-pool threads at the end of the measured window.</param>
/// <param name="MaxQueueLength">Highest thread-pool queue length (pending work items) in the measured window.</param>
/// <param name="CpuPercent">App process CPU over the measured window, as a percentage of all cores.</param>
/// <param name="MachineCpuPercent">Whole-machine CPU busy over the step, as a percentage of all cores.</param>
/// <param name="LoadGeneratorCpuPercent">k6's own CPU over the step, as a percentage of all cores.</param>
/// <param name="Gauges">The experiment's gauge columns for this step, by column id (GaugeCatalog): "db.poolWaitMs" → 27.1; null when unknown.</param>
/// <param name="LittlesLawRatio">Throughput × mean latency ÷ concurrency; near 1 for a steady closed loop.</param>
/// <param name="Flags">Reasons not to trust the step blindly, each a short sentence; empty when none.</param>
/// <param name="ConnectP95Ms">WebSocket steps: p95 of the time to open a session; null for HTTP steps.</param>
/// <param name="ConnectionsFailed">WebSocket steps: sessions that never opened; null for HTTP steps.</param>
/// <param name="ConnectionsDropped">WebSocket steps: sessions closed by the server or the network before the step's end; null for HTTP steps.</param>
/// <param name="LoadGeneratorMemoryMb">k6's largest resident memory during the step, in MB; null when unknown.</param>
/// <param name="OfferedRps">Open model: the arrival rate the step offered (Rps is what was achieved); null when closed.</param>
/// <param name="Dropped">Open model: arrivals k6 could not send on time in the whole step (warm-up included); null when closed.</param>
public sealed record StepResult(
    int Concurrency,
    DateTimeOffset StartedAt,
    DateTimeOffset MeasuredFrom,
    DateTimeOffset EndedAt,
    double DurationSeconds,
    long Requests,
    long Errors,
    double ErrorRate,
    double Rps,
    double? MeanMs,
    double? P50Ms,
    double? P90Ms,
    double? P95Ms,
    double? P99Ms,
    double? MaxMs,
    double? ServerP50Ms,
    int? ThreadsAtStart,
    int? ThreadsAtEnd,
    long? MaxQueueLength,
    double? CpuPercent,
    double? MachineCpuPercent,
    double? LoadGeneratorCpuPercent,
    IReadOnlyDictionary<string, double?>? Gauges,
    double? LittlesLawRatio,
    bool MeetsSla,
    IReadOnlyList<string> Flags,
    double? OfferedRps = null,
    long? Dropped = null,
    double? LoadGeneratorMemoryMb = null,
    double? ConnectP95Ms = null,
    long? ConnectionsFailed = null,
    long? ConnectionsDropped = null)
{
    /// <summary>The step's figure for a gauge column (GaugeColumn.Id); null when unknown.</summary>
    public double? Gauge(string columnId) => Gauges is not null && Gauges.TryGetValue(columnId, out var value) ? value : null;
}
