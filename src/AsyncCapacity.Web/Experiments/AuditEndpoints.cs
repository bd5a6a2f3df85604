using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Database;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Experiments;

/// <summary>Answered once the entry is committed; the variants differ in who writes it and how the request waits.</summary>
public sealed class AuditEndpoints : IExperimentEndpoints
{
    public static string Id => "audit";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapVariant(experiment, "bounded", Bounded)
            .ProducesProblem(StatusCodes.Status400BadRequest)
            .ProducesProblem(StatusCodes.Status413PayloadTooLarge)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapVariant(experiment, "async", Async)
            .ProducesProblem(StatusCodes.Status400BadRequest)
            .ProducesProblem(StatusCodes.Status413PayloadTooLarge)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);

        group.MapGet("/stats", Stats)
            .WithName("AuditStats")
            .WithSummary("Accepted, persisted, rejected, failed and queued entries per variant.");
    }

    // Blocking on purpose: after handing its entry to one of the 5 writer threads, this request thread waits on an
    // event (no cooperative-blocking help from the pool) until the entry is committed. The writers cap throughput at
    // writers ÷ write time; beyond it requests pile up in the queue, then each holds a pool thread, then 503.
    internal static async Task<Results<Ok<AuditReceipt>, ProblemHttpResult>> Bounded(
        HttpContext context, BoundedAuditLog log, LabDatabase database, IOptions<AuditOptions> options, CancellationToken cancellationToken)
    {
        var (body, problem) = await AuditBody.ReadAsync(context.Request, options.Value.MaxBodyBytes, cancellationToken);
        if (problem is not null)
        {
            return problem;
        }

        if (Refused(database, log, context.Response, options.Value, body!, out var entry) is { } refusal)
        {
            return refusal;
        }

        try
        {
            entry.Done.Wait(cancellationToken);
        }
        catch (OperationCanceledException) when (!entry.TryAbandon())
        {
            // A writer has the entry: it will be committed, so wait for it like any other.
            entry.Done.Wait(CancellationToken.None);
        }

        return Answer(entry);
    }

    // The request awaits its entry: while the writer batches and commits, no thread is held.
    internal static async Task<Results<Ok<AuditReceipt>, ProblemHttpResult>> Async(
        HttpContext context, AsyncAuditLog log, LabDatabase database, IOptions<AuditOptions> options, CancellationToken cancellationToken)
    {
        var (body, problem) = await AuditBody.ReadAsync(context.Request, options.Value.MaxBodyBytes, cancellationToken);
        if (problem is not null)
        {
            return problem;
        }

        if (Refused(database, log, context.Response, options.Value, body!, out var entry) is { } refusal)
        {
            return refusal;
        }

        try
        {
            await entry.Completion.WaitAsync(cancellationToken);
        }
        catch (OperationCanceledException) when (!entry.TryAbandon())
        {
            // A writer has the entry: it will be committed, so wait for it like any other.
            await entry.Completion;
        }

        return Answer(entry);
    }

    internal static Ok<Dictionary<string, AuditStats>> Stats(IEnumerable<IAuditLog> logs) =>
        TypedResults.Ok(logs.ToDictionary(log => log.Variant, log => log.Stats));

    private static ProblemHttpResult? Refused(
        LabDatabase database, IAuditLog log, HttpResponse response, AuditOptions options, AuditRequest body, out AuditEntry entry)
    {
        entry = new AuditEntry(log.Variant, body);
        if (database.Unavailable is { } reason)
        {
            return TypedResults.Problem(
                title: "Audit store unavailable", detail: reason, statusCode: StatusCodes.Status503ServiceUnavailable);
        }

        if (log.TryAccept(entry))
        {
            return null;
        }

        // The classic "Server Too Busy": refuse at once, and say when to come back.
        response.Headers.RetryAfter = options.RetryAfterSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return TypedResults.Problem(
            title: "Server too busy",
            detail: $"The {log.Variant} audit log's queue is full or the app is shutting down; retry after {options.RetryAfterSeconds} s.",
            statusCode: StatusCodes.Status503ServiceUnavailable);
    }

    private static Results<Ok<AuditReceipt>, ProblemHttpResult> Answer(AuditEntry entry) => entry.Completion.Result is { } failure
        ? TypedResults.Problem(
            title: "Audit store unavailable", detail: failure.Message, statusCode: StatusCodes.Status503ServiceUnavailable)
        : TypedResults.Ok(new AuditReceipt(entry.Id, entry.Request.Actor!, entry.Request.Action!));
}

public sealed record AuditReceipt(Guid Id, string Actor, string Action);
