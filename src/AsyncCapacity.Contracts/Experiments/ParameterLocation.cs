namespace AsyncCapacity.Contracts.Experiments;

public enum ParameterLocation
{
    Query,
    Path,

    /// <summary>Read by the load generator only (a message size, ws or wss), never sent to the app.</summary>
    Client,
}
