using System.Runtime.CompilerServices;
using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Validation;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>Both variants are capped by pool size ÷ query time; only the sync one spends a thread doing so.</summary>
public sealed class DbEndpoints : IExperimentEndpoints
{
    private static readonly Parameter DelayMs = ExperimentCatalog.Get(Id).Parameter("ms");

    public static string Id => "db";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapVariant(experiment, "sync", Sync).ProducesValidationProblem().ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapVariant(experiment, "async", Async).ProducesValidationProblem().ProducesProblem(StatusCodes.Status503ServiceUnavailable);
    }

    // Blocking on purpose: the thread waits for a free pooled connection (Open), then on the socket while the
    // database waits (ExecuteReader, Read). Neither wait gets the pool's cooperative-blocking help, so under load
    // requests queue for threads before they even reach the connection pool, where the pool's timeout cannot see them.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static Results<Ok<DbResponse>, ValidationProblem, ProblemHttpResult> Sync(string? ms, LabDatabase database)
    {
        if (!DelayMs.TryRead(ms, out var delay, out var problem))
        {
            return problem;
        }

        if (database.Unavailable is { } reason)
        {
            return Unavailable(reason);
        }

        try
        {
            using var lease = database.Open();
            using var command = lease.WaitCommand(delay);
            using var reader = command.ExecuteReader();
            return reader.Read()
                ? TypedResults.Ok(new DbResponse(delay, reader.GetInt32(0), reader.GetString(1)))
                : Unavailable("The probe row is missing from db_probe.");
        }
        catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex))
        {
            return Unavailable(ex.Message);
        }
    }

    // Waiting for a connection, and for the database, holds no thread: the request is a continuation parked on the
    // connection pool's queue or the socket. The request's token cancels the wait and the statement if the client leaves.
    internal static async Task<Results<Ok<DbResponse>, ValidationProblem, ProblemHttpResult>> Async(
        string? ms, LabDatabase database, CancellationToken cancellationToken)
    {
        if (!DelayMs.TryRead(ms, out var delay, out var problem))
        {
            return problem;
        }

        if (database.Unavailable is { } reason)
        {
            return Unavailable(reason);
        }

        try
        {
            await using var lease = await database.OpenAsync(cancellationToken);
            await using var command = lease.WaitCommand(delay);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken);
            return await reader.ReadAsync(cancellationToken)
                ? TypedResults.Ok(new DbResponse(delay, reader.GetInt32(0), reader.GetString(1)))
                : Unavailable("The probe row is missing from db_probe.");
        }
        catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex) && !cancellationToken.IsCancellationRequested)
        {
            return Unavailable(ex.Message);
        }
    }

    private static ProblemHttpResult Unavailable(string reason) => TypedResults.Problem(
        title: "Database unavailable",
        detail: reason,
        statusCode: StatusCodes.Status503ServiceUnavailable);
}

public sealed record DbResponse(int DelayMs, int RowId, string Payload);
