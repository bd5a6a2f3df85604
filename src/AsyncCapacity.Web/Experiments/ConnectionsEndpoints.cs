using System.Runtime.CompilerServices;
using AsyncCapacity.Web.Validation;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>The sleep pair's wait at thousands of connections: the cost per open connection, a thread or a timer.</summary>
public sealed class ConnectionsEndpoints : IExperimentEndpoints
{
    private static readonly Parameter WaitMs = ExperimentCatalog.Get(Id).Parameter("ms");

    public static string Id => "connections";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapVariant(experiment, "sync", Sync).ProducesValidationProblem();
        group.MapVariant(experiment, "async", Async).ProducesValidationProblem();
    }

    // Blocking on purpose: each of the thousands of connected clients holds a pool thread for the whole wait. Kestrel
    // accepts and parses every connection on its own I/O loop, so the connections are there; what runs out is
    // threads to run their handlers, and the pool adds them at a thread or two per second.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static Results<Ok<DelayResponse>, ValidationProblem> Sync(string? ms)
    {
        if (!WaitMs.TryRead(ms, out var wait, out var problem))
        {
            return problem;
        }

        Thread.Sleep(wait);
        return TypedResults.Ok(new DelayResponse(wait));
    }

    // A waiting client costs a connection and a timer; the handful of pool threads only run the moments between.
    internal static async Task<Results<Ok<DelayResponse>, ValidationProblem>> Async(string? ms, CancellationToken cancellationToken)
    {
        if (!WaitMs.TryRead(ms, out var wait, out var problem))
        {
            return problem;
        }

        await Task.Delay(wait, cancellationToken);
        return TypedResults.Ok(new DelayResponse(wait));
    }
}
