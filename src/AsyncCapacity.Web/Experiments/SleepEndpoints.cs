using AsyncCapacity.Web.Validation;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>The sleep pair: the same wait, spent holding a thread-pool thread or awaiting a timer.</summary>
public static class SleepEndpoints
{
    internal static readonly BoundedQuery<int> DelayMs = new("ms", Min: 0, Max: 10_000, Default: 500);

    public static RouteGroupBuilder MapSleep(this IEndpointRouteBuilder routes)
    {
        var group = routes.MapGroup("/sleep").WithTags("sleep");

        group.MapGet("/sync", Sync)
            .WithName("SleepSync")
            .WithSummary("Blocking: Thread.Sleep(ms) on a thread-pool thread.")
            .ProducesValidationProblem();

        group.MapGet("/async", Async)
            .WithName("SleepAsync")
            .WithSummary("Non-blocking: await Task.Delay(ms).")
            .ProducesValidationProblem();

        return group;
    }

    // Blocking on purpose: Thread.Sleep holds this pool thread for the whole delay, serving nobody else, and it
    // cannot observe cancellation. Thread.Sleep gets no cooperative-blocking help, so the pool grows only through
    // starvation detection and hill climbing (a thread or two per second at best): throughput stays near
    // threads ÷ delay while requests, and even the sends of finished responses, wait in the pool's queue.
    internal static Results<Ok<DelayResponse>, ValidationProblem> Sync(string? ms)
    {
        if (!DelayMs.TryParse(ms, out var delay, out var problem))
        {
            return problem;
        }

        Thread.Sleep(delay);
        return TypedResults.Ok(new DelayResponse(delay));
    }

    // The thread goes back to the pool for the whole delay; a timer resumes the request, so the pool's
    // default handful of threads serves any number of waiting requests.
    internal static async Task<Results<Ok<DelayResponse>, ValidationProblem>> Async(string? ms, CancellationToken cancellationToken)
    {
        if (!DelayMs.TryParse(ms, out var delay, out var problem))
        {
            return problem;
        }

        await Task.Delay(delay, cancellationToken);
        return TypedResults.Ok(new DelayResponse(delay));
    }
}
