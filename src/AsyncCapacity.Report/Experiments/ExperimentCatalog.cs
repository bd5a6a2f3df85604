namespace AsyncCapacity.Report.Experiments;

/// <summary>What the lab knows about each experiment pair: how to name it, what it teaches, how its variants differ.</summary>
public sealed record ExperimentInfo(
    string Name,
    string Title,
    string Lesson,
    IReadOnlyList<VariantInfo> Variants,
    IReadOnlyList<ParameterInfo> Parameters,
    Func<IReadOnlyDictionary<string, string>, double?> IdealRpsPerClient,
    bool UsesDatabase = false,
    string RouteTemplate = "/{experiment}/{variant}",
    string Method = "GET",
    string? ProbeBody = null)
{
    /// <summary>The k6 script that sweeps this experiment, relative to the repository root.</summary>
    public string Script => $"k6-scripts/{Name}.js";

    /// <summary>
    /// The request path for a variant: <see cref="RouteTemplate"/> with {experiment}, {variant} and any parameter
    /// named in it filled in; the other parameters go to the query string.
    /// </summary>
    public string PathAndQuery(string variant, IReadOnlyDictionary<string, string> parameters)
    {
        var path = RouteTemplate.Replace("{experiment}", Name, StringComparison.Ordinal)
            .Replace("{variant}", variant, StringComparison.Ordinal);
        var query = new List<string>();
        foreach (var (name, value) in parameters)
        {
            var placeholder = "{" + name + "}";
            if (path.Contains(placeholder, StringComparison.Ordinal))
            {
                path = path.Replace(placeholder, Uri.EscapeDataString(value), StringComparison.Ordinal);
            }
            else
            {
                query.Add($"{Uri.EscapeDataString(name)}={Uri.EscapeDataString(value)}");
            }
        }

        return query.Count == 0 ? path : $"{path}?{string.Join('&', query)}";
    }
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

    public static ExperimentInfo Content { get; } = new(
        Name: "content",
        Title: "File read per request vs in-memory content",
        Lesson: "Reading the same file from disk on every request, with the synchronous API, puts I/O and a blocked thread "
            + "in the handler; serving bytes loaded once at start leaves only the pipeline. Compare the server time "
            + "(Server-Timing) with the client's latency: the gap is time spent waiting for a thread.",
        Variants:
        [
            new("file", "File.ReadAllBytes on every request: synchronous disk I/O in the handler", Blocking: true),
            new("memory", "the same bytes, loaded once at start", Blocking: false),
        ],
        Parameters: [new("name", "CONTENT_NAME", "small.html", "catalogue entry to serve: small.html (~1 KB), medium.json (64 KB), large.bin (1 MB)")],
        IdealRpsPerClient: _ => null,
        RouteTemplate: "/content/{variant}/{name}");

    public static ExperimentInfo Audit { get; } = new(
        Name: "audit",
        Title: "Audit log: a bounded pool of writer threads vs an asynchronous writer",
        Lesson: "A small pool of synchronous writers in the request path caps the whole service at writers ÷ write time, "
            + "and requests back up until the queue is full and the service answers 503 (\"Server Too Busy\"); an "
            + "asynchronous writer batches entries with the same durability promise and keeps up.",
        Variants:
        [
            new("bounded", "5 dedicated writer threads, synchronous inserts; the request thread waits for its entry", Blocking: true),
            new("async", "a channel drained in batches by an asynchronous writer; the request awaits its entry", Blocking: false),
        ],
        Parameters: [],
        IdealRpsPerClient: _ => null,
        UsesDatabase: true,
        Method: "POST",
        ProbeBody: "{\"actor\":\"capacity-probe\",\"action\":\"probe\"}");

    public static IReadOnlyList<ExperimentInfo> All { get; } = [Sleep, Db, Content, Audit];

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
