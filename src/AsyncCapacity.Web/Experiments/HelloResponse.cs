namespace AsyncCapacity.Web.Experiments;

public sealed record HelloResponse(string Message)
{
    public static HelloResponse Instance { get; } = new("Hello from AsyncCapacity");
}
