using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Contoso.Orders;

/// <summary>The same order lookup twice: once blocked on with .Result, once awaited.</summary>
public static class OrderEndpoints
{
    private const int MaxDelayMs = 10_000;

    public static IEndpointRouteBuilder MapOrders(this IEndpointRouteBuilder app)
    {
        var orders = app.MapGroup("/orders").WithTags("Orders");
        orders.MapGet("/blocking", Blocking).WithSummary("Sync over async: .Result on the lookup");
        orders.MapGet("/awaited", AwaitedAsync).WithSummary("The same lookup, awaited");
        return app;
    }

    // The bug this app exists to show: .Result holds a pool thread for the whole lookup. NoInlining keeps this frame in
    // the thread stacks, so they name it.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Results<Ok<Order>, ProblemHttpResult> Blocking(int ms = 100) =>
        ms is < 0 or > MaxDelayMs ? OutOfRange(ms) : TypedResults.Ok(OrderStore.FindAsync(ms, CancellationToken.None).Result);

    // The fix: the thread goes back to the pool while the lookup waits.
    private static async Task<Results<Ok<Order>, ProblemHttpResult>> AwaitedAsync(CancellationToken cancellationToken, int ms = 100) =>
        ms is < 0 or > MaxDelayMs ? OutOfRange(ms) : TypedResults.Ok(await OrderStore.FindAsync(ms, cancellationToken));

    private static ProblemHttpResult OutOfRange(int ms) =>
        TypedResults.Problem($"'ms' must be from 0 to {MaxDelayMs}; got {ms}.", statusCode: StatusCodes.Status400BadRequest);
}
