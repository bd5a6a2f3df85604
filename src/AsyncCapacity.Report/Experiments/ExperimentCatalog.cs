namespace AsyncCapacity.Report.Experiments;

/// <summary>What the lab knows about each experiment pair: how to name it, what it teaches, how its variants differ.</summary>
public sealed record ExperimentInfo(
    string Name,
    string Title,
    string Lesson,
    IReadOnlyList<VariantInfo> Variants,
    IReadOnlyList<ParameterInfo> Parameters,
    Func<IReadOnlyDictionary<string, string>, double?> IdealRpsPerClient,
    bool UsesDatabase = false)
{
    /// <summary>The k6 script that sweeps this experiment, relative to the repository root.</summary>
    public string Script => $"k6-scripts/{Name}.js";
}

/// <summary>A query parameter of the pair, the environment variable its k6 script reads it from, and its default.</summary>
public sealed record ParameterInfo(string Name, string EnvironmentVariable, string Default, string Description);

/// <summary>One side of a pair. <c>Blocking</c> marks the side that holds a thread while it waits.</summary>
public sealed record VariantInfo(string Name, string Description, bool Blocking);

public static class ExperimentCatalog
{
    public static ExperimentInfo Sleep { get; } = new(
        Name: "sleep",
        Title: "Thread.Sleep vs await Task.Delay",
        Lesson: "A sleeping thread-pool thread serves nobody, and the pool adds threads only slowly (starvation detection "
            + "and hill climbing: at best a thread or two per second), so the blocking variant is capped near threads ÷ delay while "
            + "requests queue; the awaiting variant serves every client with a handful of threads (throughput = clients ÷ delay).",
        Variants:
        [
            new("sync", "Thread.Sleep(ms): holds a pool thread for the whole delay", Blocking: true),
            new("async", "await Task.Delay(ms): the thread returns to the pool while it waits", Blocking: false),
        ],
        Parameters: [new("ms", "DELAY_MS", "500", "delay per request in milliseconds, 0..10000")],
        IdealRpsPerClient: parameters => PerClientRate(parameters, "ms"));

    public static ExperimentInfo Db { get; } = new(
        Name: "db",
        Title: "Sync vs async ADO.NET",
        Lesson: "Both variants are capped by the pool: at most pool size ÷ query time requests per second. The synchronous one "
            + "also holds a thread for every request waiting on the pool or the socket, so it starves the thread pool first; "
            + "the asynchronous one waits without threads and keeps its latency where the pool puts it.",
        Variants:
        [
            new("sync", "Open, ExecuteReader, Read: the thread waits for the pool and for the database", Blocking: true),
            new("async", "OpenAsync, ExecuteReaderAsync, ReadAsync: no thread held while waiting", Blocking: false),
        ],
        Parameters: [new("ms", "DELAY_MS", "50", "time the database waits per query, in milliseconds, 0..10000")],
        IdealRpsPerClient: parameters => PerClientRate(parameters, "ms"),
        UsesDatabase: true);

    public static IReadOnlyList<ExperimentInfo> All { get; } = [Sleep, Db];

    public static ExperimentInfo? Find(string name) =>
        All.FirstOrDefault(e => string.Equals(e.Name, name, StringComparison.OrdinalIgnoreCase));

    /// <summary>One closed-loop client with no think time completes at most 1000 ÷ delay requests per second.</summary>
    private static double? PerClientRate(IReadOnlyDictionary<string, string> parameters, string delayParameter) =>
        parameters.TryGetValue(delayParameter, out var raw)
            && double.TryParse(raw, System.Globalization.CultureInfo.InvariantCulture, out var delayMs)
            && delayMs > 0
                ? 1000 / delayMs
                : null;
}
