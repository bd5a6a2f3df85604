namespace AsyncCapacity.Contracts.Experiments;

public sealed record AuxiliaryRoute(string Method, string Route, string What);
