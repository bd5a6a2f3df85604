namespace AsyncCapacity.Lab.Results;

// Why the knee measured above the laws' range: a hold time shorter than declared, or more threads than the static bound counts.

public sealed record PoolGrew(int At, double From, int To, int? Allows) : PredictionReason;

public sealed record HeldLess : PredictionReason;

/// <summary>The growth law bounds hill climbing (event 55's moves) by Ceiling threads but does not predict it.</summary>
public sealed record HillClimbed(int At, int To, long Added, int Ceiling) : PredictionReason;
