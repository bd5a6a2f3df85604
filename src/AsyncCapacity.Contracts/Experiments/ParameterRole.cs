namespace AsyncCapacity.Contracts.Experiments;

public enum ParameterRole
{
    None,
    Delay,
    Tls,
}
