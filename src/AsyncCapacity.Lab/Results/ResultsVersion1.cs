using System.Text.Json.Nodes;

namespace AsyncCapacity.Lab.Results;

/// <summary>Schema 1's fixed database and audit fields become gauges, listed as schema 1's report plotted them.</summary>
internal static class ResultsVersion1
{
    private static readonly (string Field, string Key)[] SampleFields =
    [
        ("dbWaiting", GaugeKeys.DbWaiting),
        ("dbInUse", GaugeKeys.DbInUse),
        ("auditQueued", GaugeKeys.AuditQueued),
        ("auditRejected", GaugeKeys.AuditRejected),
    ];

    public static void Upgrade(JsonObject root)
    {
        var poolSize = root["run"]?["databasePoolSize"]?.GetValue<double?>();
        foreach (var experiment in Children(root["experiments"]))
        {
            var variants = Children(experiment["variants"]).ToList();
            var steps = variants.SelectMany(v => Children(v["steps"])).ToList();
            var samples = variants.SelectMany(v => Children(v["timeline"])).ToList();
            var pool = steps.Any(s => s["dbOpenMs"] is not null || s["maxDbWaiting"] is not null);
            var audit = samples.Any(s => Number(s["auditQueued"]) > 0 || Number(s["auditRejected"]) > 0);
            var serverTime = experiment["idealRpsPerClient"] is null && steps.Any(s => s["serverP50Ms"] is not null);

            StepGauges(steps);
            SampleGauges(samples, pool ? poolSize : null);

            var listed = new JsonArray();
            var schema1Gauges = new[]
            {
                (pool, GaugeCatalog.ConnectionPool), (audit, GaugeCatalog.AuditQueue), (serverTime, GaugeCatalog.ServerTime),
            };
            foreach (var (plotted, gauge) in schema1Gauges)
            {
                if (plotted)
                {
                    listed.Add(gauge.Id);
                }
            }

            experiment["gauges"] = listed;
        }

        root["schemaVersion"] = 2;
    }

    private static void StepGauges(IEnumerable<JsonObject> steps)
    {
        foreach (var step in steps)
        {
            step["gauges"] = new JsonObject
            {
                ["db.poolWaitMs"] = step["dbOpenMs"]?.DeepClone(),
                ["db.maxWaiting"] = step["maxDbWaiting"]?.DeepClone(),
            };
            step.Remove("dbOpenMs");
            step.Remove("maxDbWaiting");
        }
    }

    private static void SampleGauges(IEnumerable<JsonObject> samples, double? poolSize)
    {
        foreach (var sample in samples)
        {
            var gauges = new JsonObject();
            foreach (var (field, key) in SampleFields)
            {
                if (sample[field] is { } value)
                {
                    gauges[key] = value.DeepClone();
                }

                sample.Remove(field);
            }

            if (poolSize is { } size)
            {
                gauges[GaugeKeys.DbPoolSize] = size;
            }

            sample.Remove("dbOpenMs");
            sample["gauges"] = gauges;
        }
    }

    private static IEnumerable<JsonObject> Children(JsonNode? array) => array is JsonArray items ? items.OfType<JsonObject>() : [];

    private static double Number(JsonNode? node) => node is JsonValue value && value.TryGetValue<double>(out var n) ? n : 0;
}
