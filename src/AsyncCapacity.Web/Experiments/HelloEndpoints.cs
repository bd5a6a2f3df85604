using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>The baseline: a tiny in-memory answer that measures the pipeline itself, with nothing to wait for.</summary>
public static class HelloEndpoints
{
    public static RouteHandlerBuilder MapHello(this IEndpointRouteBuilder routes) =>
        routes.MapGet("/hello", Hello)
            .WithName("Hello")
            .WithSummary("Baseline: a constant in-memory response.")
            .WithTags("baseline");

    internal static Ok<HelloResponse> Hello() => TypedResults.Ok(HelloResponse.Instance);
}

public sealed record HelloResponse(string Message)
{
    public static HelloResponse Instance { get; } = new("Hello from AsyncCapacity");
}
