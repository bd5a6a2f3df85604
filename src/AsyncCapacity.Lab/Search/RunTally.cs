namespace AsyncCapacity.Lab.Search;

public sealed record RunTally(int Met, int Runs);
