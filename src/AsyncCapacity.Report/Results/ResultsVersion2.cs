using System.Text.Json.Nodes;

namespace AsyncCapacity.Report.Results;

/// <summary>
/// Schema 2 named an experiment's load only when it was not HTTP, and its model only in the run's settings; schema 3
/// names both on every experiment. This fills them in from what schema 2 implied.
/// </summary>
internal static class ResultsVersion2
{
    public static void Upgrade(JsonObject root)
    {
        var model = root["run"]?["settings"]?["model"]?.GetValue<string>() ?? LoadModel.Closed.Name;
        foreach (var experiment in (root["experiments"] as JsonArray ?? []).OfType<JsonObject>())
        {
            experiment["load"] ??= LoadKind.Http.Name;
            experiment["model"] ??= model;
        }

        root["schemaVersion"] = 3;
    }
}
