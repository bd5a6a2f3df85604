using System.Globalization;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// Whether an experiment watched a database connection pool, and how the pool reads in the header. An experiment
/// does when any of its steps carries pool figures (they are null elsewhere); report.js applies this same rule in
/// <c>watchesConnectionPool</c>.
/// </summary>
internal static class ConnectionPool
{
    public static bool IsWatched(ExperimentResult experiment) =>
        experiment.Gauges?.Contains(GaugeCatalog.ConnectionPool.Id) == true;

    /// <summary>"PostgreSQL, pool of 100 connections"; null when the run used no database.</summary>
    public static string? Describe(RunInfo run) => (run.DatabaseProvider, run.DatabasePoolSize) switch
    {
        (null, null) => null,
        (var provider, null) => provider,
        (null, { } size) => Size(size),
        ({ } provider, { } size) => $"{provider}, {Size(size)}",
    };

    private static string Size(int size) =>
        $"pool of {size.ToString("#,0", CultureInfo.InvariantCulture)} {(size == 1 ? "connection" : "connections")}";
}
