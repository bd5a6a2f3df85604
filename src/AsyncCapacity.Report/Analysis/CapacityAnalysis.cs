using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

public static class CapacityAnalysis
{
    /// <summary>
    /// Capacity at SLA: the highest tested concurrency whose step met the SLA, with its throughput;
    /// null when no step did.
    /// </summary>
    public static Capacity? Of(IReadOnlyList<StepResult> steps) =>
        steps.Where(s => s.MeetsSla)
            .OrderByDescending(s => s.Concurrency)
            .Select(s => new Capacity(s.Concurrency, s.Rps))
            .FirstOrDefault();
}
