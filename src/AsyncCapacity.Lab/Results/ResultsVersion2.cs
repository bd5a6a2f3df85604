using System.Text.Json.Nodes;

namespace AsyncCapacity.Lab.Results;

/// <summary>Schema 3 names every experiment's load and model, which schema 2 only implied.</summary>
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
