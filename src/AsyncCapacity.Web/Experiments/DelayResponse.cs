namespace AsyncCapacity.Web.Experiments;

/// <summary>Both variants answer it, so only the waiting differs.</summary>
public sealed record DelayResponse(int DelayMs);
