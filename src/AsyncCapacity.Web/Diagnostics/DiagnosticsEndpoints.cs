using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Hosting;
using AsyncCapacity.Web.Validation;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Diagnostics;

public static class DiagnosticsEndpoints
{
    public static IEndpointRouteBuilder MapDiagnostics(this IEndpointRouteBuilder routes)
    {
        routes.MapHealthChecks("/healthz");

        routes.MapGet("/diag/runtime", GetRuntime)
            .WithName("GetRuntime")
            .WithSummary("Thread pool, CPU and memory now, and the sampled timeline (filter with from/to, Unix ms).")
            .WithTags("diagnostics")
            .ProducesValidationProblem();

        routes.MapGet("/diag/parameters/{experiment}", GetParameters)
            .WithName("GetParameters")
            .WithSummary("Checks parameter values of an experiment (the query string) with its declared rules: "
                + "every parameter's canonical value, defaults filled in.")
            .WithTags("diagnostics")
            .ProducesValidationProblem()
            .ProducesProblem(StatusCodes.Status404NotFound);

        return routes;
    }

    /// <summary>The declaration's rule for a load generator that does not share the app's code (k6 asks it in setup()).</summary>
    internal static Results<Ok<ExperimentParameters>, ValidationProblem, ProblemHttpResult> GetParameters(
        string experiment, HttpRequest request)
    {
        if (ExperimentCatalog.Find(experiment) is not { } declared)
        {
            return TypedResults.Problem(
                title: "Unknown experiment",
                detail: $"No experiment '{UserInput.Shown(experiment)}' is declared; "
                    + $"experiments/*.json declare {string.Join(", ", ExperimentCatalog.All.Select(e => e.Id))}.",
                statusCode: StatusCodes.Status404NotFound);
        }

        var given = request.Query.Select(pair => KeyValuePair.Create(pair.Key, pair.Value.ToString()));
        return declared.TryResolveValues(given, out var values, out var errors)
            ? TypedResults.Ok(new ExperimentParameters(declared.Id, values))
            : InvalidQuery.Problem(errors);
    }

    internal static Results<Ok<RuntimeReport>, ValidationProblem> GetRuntime(
        string? from, string? to, RuntimeTimeline timeline, RuntimeSampler sampler, RequestsInFlight inFlight,
        LabDatabase database, IEnumerable<IGaugeSource> gauges, ThreadPoolAdjustments adjustments, IOptions<DiagnosticsOptions> options,
        IOptions<ConnectionOptions> connections)
    {
        if (!TryReadUnixMs(nameof(from), from, 0, out var fromMs, out var problem)
            || !TryReadUnixMs(nameof(to), to, long.MaxValue, out var toMs, out problem))
        {
            return problem;
        }

        if (fromMs > toMs)
        {
            return InvalidQuery.Problem(nameof(from), $"'from' ({fromMs}) must not be after 'to' ({toMs}).");
        }

        ThreadPool.GetMinThreads(out var minWorkers, out var minIo);
        ThreadPool.GetMaxThreads(out var maxWorkers, out var maxIo);
        return TypedResults.Ok(new RuntimeReport(
            RuntimeInformation.FrameworkDescription,
            Environment.ProcessorCount,
            minWorkers,
            minIo,
            maxWorkers,
            maxIo,
            options.Value.SampleIntervalMs,
            Math.Round((DateTime.Now - Process.GetCurrentProcess().StartTime).TotalSeconds, 1),
            database.Unavailable is null ? new DatabaseInfo(database.Provider.ToString(), database.MaxPoolSize) : null,
            RuntimeReading.Take(inFlight.Count, sampler.LatestCpuPercent, gauges, adjustments),
            timeline.Between(fromMs, toMs),
            connections.Value.ListenBacklog));
    }

    private static bool TryReadUnixMs(string name, string? raw, long fallback,
        out long value, [NotNullWhen(false)] out ValidationProblem? problem)
    {
        value = fallback;
        problem = raw is null || UserInput.TryWholeNumber(name, raw, 0, long.MaxValue, out value, out var error)
            ? null : InvalidQuery.Problem(name, error);
        return problem is null;
    }
}

public sealed record ExperimentParameters(string Experiment, IReadOnlyDictionary<string, string> Parameters);
