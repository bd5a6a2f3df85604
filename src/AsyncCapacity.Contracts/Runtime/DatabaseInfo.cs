namespace AsyncCapacity.Contracts.Runtime;

/// <summary>The database behind the experiments that need one, as configured; null when there is none.</summary>
public sealed record DatabaseInfo(string Provider, int MaxPoolSize);
