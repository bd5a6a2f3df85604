namespace AsyncCapacity.Contracts.Runtime;

public sealed record PoolAdjustmentTotals(long Count, long ThreadsAdded, long ThreadsRemoved);
