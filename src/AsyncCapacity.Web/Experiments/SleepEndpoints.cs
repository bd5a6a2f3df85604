using System.Runtime.CompilerServices;
using AsyncCapacity.Web.Validation;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>The same wait, spent holding a thread-pool thread or awaiting a timer.</summary>
public sealed class SleepEndpoints : IExperimentEndpoints
{
    private static readonly Parameter DelayMs = ExperimentCatalog.Get(Id).Parameter("ms");

    public static string Id => "sleep";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapVariant(experiment, "sync", Sync).ProducesValidationProblem();
        group.MapVariant(experiment, "async", Async).ProducesValidationProblem();
    }

    // Blocking on purpose: Thread.Sleep holds this pool thread for the whole delay, serving nobody else, and it
    // cannot observe cancellation. Thread.Sleep gets no cooperative-blocking help, so the pool grows only through
    // starvation detection and hill climbing (a thread or two per second at best): throughput stays near
    // threads ÷ delay while requests, and even the sends of finished responses, wait in the pool's queue.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static Results<Ok<DelayResponse>, ValidationProblem> Sync(string? ms)
    {
        if (!DelayMs.TryRead(ms, out var delay, out var problem))
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
        if (!DelayMs.TryRead(ms, out var delay, out var problem))
        {
            return problem;
        }

        await Task.Delay(delay, cancellationToken);
        return TypedResults.Ok(new DelayResponse(delay));
    }
}
