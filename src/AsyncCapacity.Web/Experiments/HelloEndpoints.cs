using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

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
