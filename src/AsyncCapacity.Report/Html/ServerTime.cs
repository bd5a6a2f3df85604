using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// Whether an experiment gets the "client p50 vs server p50" chart. It does when its steps carry server time
/// (Server-Timing) and no parameter fixes the handler's time: where one does (sleep's and db's delay, the ideal line),
/// the server time is that delay and the p95 chart tells the story; where none does (content, audit), the time inside
/// the handler is itself a finding, and its gap to the client's latency is time spent outside it. report.js applies
/// this same rule in <c>comparesServerTime</c>.
/// </summary>
internal static class ServerTime
{
    public static bool IsCompared(ExperimentResult experiment) =>
        experiment.IdealRpsPerClient is null
        && experiment.Variants.Any(v => v.Steps.Any(s => s.ServerP50Ms is not null));
}
