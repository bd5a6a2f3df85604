using System.Net;
using System.Text.Json;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Report;

/// <summary>The golden results files, and ways to read a rendered report the way a person does.</summary>
internal static class ReportPages
{
    /// <summary>Samples per app process in <see cref="WithRefusals"/>.</summary>
    public const int RefusalSamplesPerProcess = 8;

    /// <summary>Where a golden file is: tests/Shared/Golden, copied beside the test binaries.</summary>
    public static string GoldenPath(string name) => Path.Combine(AppContext.BaseDirectory, "Golden", name);

    /// <summary>A golden results file read, then modelled, as <c>capacity report</c> does.</summary>
    public static ResultsDocument Golden(string name)
    {
        var path = GoldenPath(name);
        return Predictions.Attach(ResultsJson.Deserialize(File.ReadAllText(path), path));
    }

    /// <summary>A golden results file read as it is stored: a run written before predictions has none.</summary>
    public static ResultsDocument GoldenAsStored(string name) => ResultsJson.Deserialize(File.ReadAllText(GoldenPath(name)), name);

    /// <summary>A run with one variant's step at one load changed, as a second run of it would have it.</summary>
    public static ResultsDocument WithStep(ResultsDocument run, string variant, int load, Func<StepResult, StepResult> change) => run with
    {
        Experiments = [.. run.Experiments.Select(e => e with
        {
            Variants = [.. e.Variants.Select(v => v.Name != variant ? v : v with
            {
                Steps = [.. v.Steps.Select(s => s.Concurrency == load ? change(s) : s)],
            })],
        })],
    };

    public static string StepTableOf(string html, ExperimentResult experiment, VariantResult variant)
    {
        var id = AsyncCapacity.Report.Html.StepTable.Id(experiment, variant);
        var table = Regex.Match(html, $"<table class=\"steps\" id=\"{id}\">.*?</table>", RegexOptions.Singleline);
        Assert.True(table.Success, $"no step table {id}");
        return table.Value;
    }

    /// <summary>The visible text of a step table's column headers, in order.</summary>
    public static IReadOnlyList<string> Headers(string table) =>
        Regex.Matches(table, "<th scope=\"col\"[^>]*>(.*?)</th>", RegexOptions.Singleline)
            .Select(m => VisibleText(m.Groups[1].Value).Trim())
            .ToList();

    /// <summary>The visible text of the row under a step's (its first probe's): what the runtime said of it.</summary>
    public static string RuntimeSaid(string table, int concurrency)
    {
        var row = Regex.Match(table, $"<tr class=\"why-row[^\"]*\" data-concurrency=\"{concurrency}\">(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, $"no row of what the runtime said for {concurrency} clients");
        return VisibleText(row.Groups[1].Value).Trim();
    }

    /// <summary>The visible text of one cell: the row of a step, the column under a header.</summary>
    public static string Cell(string table, int concurrency, string header)
    {
        var column = Headers(table).ToList().IndexOf(header);
        Assert.True(column >= 0, $"no column '{header}' in [{string.Join(", ", Headers(table))}]");
        var row = Regex.Match(table, $"<tr class=\"step[^\"]*\" data-concurrency=\"{concurrency}\">(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, $"no row for {concurrency} clients");
        var cells = Regex.Matches(row.Groups[1].Value, "<t([hd])\\b[^>]*>(.*?)</t\\1>", RegexOptions.Singleline)
            .Select(m => VisibleText(m.Groups[2].Value).Trim())
            .ToList();
        return cells[column];
    }

    /// <summary>The charts report.js is asked to draw for one experiment, by <c>data-chart</c>, in page order.</summary>
    public static IReadOnlyList<string> Charts(string html, int experimentIndex) =>
        Regex.Matches(html, $"<canvas data-chart=\"([\\w-]+)\" data-experiment=\"{experimentIndex}\"")
            .Select(m => m.Groups[1].Value)
            .ToList();

    /// <summary>The results document embedded in the page for report.js, read back.</summary>
    public static ResultsDocument EmbeddedResults(string html)
    {
        var json = Regex.Match(html, "<script type=\"application/json\" id=\"report-data\">(.*?)</script>", RegexOptions.Singleline);
        Assert.True(json.Success, "no embedded report-data");
        return JsonSerializer.Deserialize<ResultsDocument>(json.Groups[1].Value, ResultsJson.Options)!;
    }

    /// <summary>
    /// The model embedded in the page for report.js (#report-model), as JSON: { "charts": { id: chart } }.
    /// </summary>
    public static JsonElement EmbeddedModel(string html)
    {
        var json = Regex.Match(html, "<script type=\"application/json\" id=\"report-model\">(.*?)</script>", RegexOptions.Singleline);
        Assert.True(json.Success, "no embedded report-model");
        return JsonDocument.Parse(json.Groups[1].Value).RootElement.GetProperty("charts");
    }

    /// <summary>Two timelines hold the same samples, gauges included (a record compares its dictionary by reference).</summary>
    public static void SameSamples(IReadOnlyList<RuntimeSample> expected, IReadOnlyList<RuntimeSample> actual) =>
        Assert.Equal(JsonSerializer.Serialize(expected, ResultsJson.Options), JsonSerializer.Serialize(actual, ResultsJson.Options));

    /// <summary>A golden run as a user's app with three variants would have it: longer names, a third variant.</summary>
    public static ResultsDocument ThreeVariantsOfAForeignApp(ResultsDocument golden)
    {
        var experiment = golden.Experiments[0];
        string[] names = ["orders-sync-over-async", "orders-async", "orders-async-compiled-query"];
        var variants = experiment.Variants.Append(experiment.Variants[^1])
            .Select((v, i) => v with { Name = names[i], Description = $"GET /api/orders/{{id}}/lines ({names[i]}): {v.Description}" })
            .ToList();
        var foreign = experiment with { Title = "Orders API: sync-over-async EF Core queries vs async ones", Variants = variants };
        return golden with { Experiments = [foreign] };
    }

    /// <summary>
    /// The audit golden as a schema 2 run lists its gauges (experiments/audit.json): the audit queue and server time. Read
    /// from schema 1, it lists the connection pool too, because its steps carry pool figures (the audit log is a database).
    /// </summary>
    public static ResultsDocument AsDeclared(ResultsDocument audit) =>
        audit with { Experiments = [.. audit.Experiments.Select(e => e with { Gauges = ["audit-queue", "server-time"] })] };

    /// <summary>The audit golden with refusals (the real run had none): two app processes 1.2 s apart per variant, closer than
    /// the 2.5 s gap that breaks a line, each refusing <paramref name="perSecond"/> a second from its third sample on.</summary>
    public static ResultsDocument WithRefusals(ResultsDocument audit, params int[] perSecond)
    {
        var experiment = audit.Experiments.Single(e => e.Name == "audit");
        var variants = experiment.Variants.Select((variant, v) =>
        {
            var start = variant.Timeline[0].TimestampMs;
            var timeline = new List<RuntimeSample>();
            for (var process = 0; process < 2; process++)
            {
                for (var i = 0; i < RefusalSamplesPerProcess; i++)
                {
                    timeline.Add(new RuntimeSample(
                        TimestampMs: start + (process * 9_200) + (i * 1_000), ThreadCount: 6, PendingWorkItems: 40,
                        CompletedWorkItems: 500 * (i + 1), RequestsInFlight: 50, CpuPercent: 30, WorkingSetBytes: 90_000_000,
                        GcHeapBytes: 20_000_000,
                        Gauges: new Dictionary<string, double>
                        {
                            [GaugeKeys.AuditQueued] = 200,
                            [GaugeKeys.AuditRejected] = Math.Max(0, i - 1) * perSecond[v],
                        }));
                }
            }

            return variant with { Timeline = timeline };
        }).ToList();
        return AsDeclared(audit with { Experiments = [experiment with { Variants = variants }] });
    }

    /// <summary>What a reader sees: no scripts or styles, no tags, entities decoded, whitespace collapsed.</summary>
    public static string VisibleText(string html)
    {
        var withoutCode = Regex.Replace(html, "<(script|style)\\b.*?</\\1>", " ", RegexOptions.Singleline);
        var text = WebUtility.HtmlDecode(Regex.Replace(withoutCode, "<[^>]+>", string.Empty));
        return Regex.Replace(text, "\\s+", " ");
    }
}
