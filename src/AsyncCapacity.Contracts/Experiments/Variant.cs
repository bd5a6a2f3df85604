namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// <c>Holds</c> lists what a request or session holds beyond the CPU (which every variant uses and the run measures),
/// for the laws' bounds.
/// </summary>
public sealed record Variant(string Name, bool Blocking, string Method, string Route, string Why, IReadOnlyList<Hold>? Holds = null);
