namespace AsyncCapacity.Lab.Search;

public abstract record SearchMove;

public sealed record NextProbe(int Concurrency, ProbePass Pass, ProbeReason Why, double Seconds) : SearchMove;

public sealed record SearchDone(SearchFinding Finding) : SearchMove;
