namespace AsyncCapacity.Contracts.Experiments;

public enum HoldSpan
{
    Request,
    Session,
}
