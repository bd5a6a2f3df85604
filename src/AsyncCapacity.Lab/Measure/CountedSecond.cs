namespace AsyncCapacity.Lab.Measure;

/// <summary>One second of a step as k6 counted it (PER_SECOND=1): the requests that completed in it, counted from the step's
/// start, the failed among them and their p95; for session kinds, the sessions that failed to open or dropped in it.</summary>
public sealed record CountedSecond(
    int Second, long Requests, long Failed, double? P95Ms, long? SessionsFailed = null, long? SessionsDropped = null);
