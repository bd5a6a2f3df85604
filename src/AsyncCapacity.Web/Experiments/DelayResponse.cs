namespace AsyncCapacity.Web.Experiments;

/// <summary>What both variants of a waiting pair answer: identical, so only the waiting differs.</summary>
public sealed record DelayResponse(int DelayMs);
