using System.Text.Json;
using System.Text.Json.Nodes;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Results;

/// <summary>Reading only reads (predictions are the callers' step), so the report pipeline runs one way.</summary>
public static class ResultsJson
{
    public static JsonSerializerOptions Options { get; } = Create();

    public static string Serialize(ResultsDocument document) => JsonSerializer.Serialize(document, Options);

    public static ResultsDocument Deserialize(string json, string source)
    {
        ResultsDocument? document;
        try
        {
            var root = JsonNode.Parse(json, documentOptions: new JsonDocumentOptions { AllowTrailingCommas = true }) as JsonObject
                ?? throw new InvalidDataException($"{source} is not a results file (not a JSON object).");
            var version = root["schemaVersion"]?.GetValue<int>() ?? 0;
            if (version is < 1 or > ResultsDocument.CurrentSchemaVersion)
            {
                throw new InvalidDataException(
                    $"{source} has schemaVersion {version}; this tool reads versions 1 to {ResultsDocument.CurrentSchemaVersion}.");
            }

            // Each older version is brought up one step at a time, so every reader sees the current shape.
            if (version == 1)
            {
                ResultsVersion1.Upgrade(root);
            }

            if (version <= 2)
            {
                ResultsVersion2.Upgrade(root);
            }

            // Schema 4 only adds (an estimate beside the capacity, thin steps, a headline): a schema 3 capacity keeps its
            // bracket and reads as it was. Schema 5's data is read from 4's sentences by the legacy converters below.
            root["schemaVersion"] = ResultsDocument.CurrentSchemaVersion;

            document = root.Deserialize<ResultsDocument>(Options);
        }
        catch (Exception ex) when (ex is JsonException or FormatException or InvalidOperationException)
        {
            throw new InvalidDataException($"{source} is not a valid results file: {ex.Message}", ex);
        }

        if (document is null)
        {
            throw new InvalidDataException($"{source} is not a results file (null).");
        }

        if (ResultsShape.FirstMissing(document) is { } missing)
        {
            throw new InvalidDataException($"{source} is not a complete results file: {missing} is missing.");
        }

        return document;
    }

    // Older files hold flags and reasons as sentences: read as legacy kinds that keep their text, and written back so.
    private static JsonSerializerOptions Create()
    {
        var options = new JsonSerializerOptions(WireJson.Indented);
        options.Converters.Add(new LegacyTextConverter<StepFlag>(StepFlag.Legacy, f => f.Kind == StepFlagKind.Legacy ? f.Text : null));
        options.Converters.Add(new LegacyTextConverter<NoCapacityReason>(
            NoCapacityReason.Legacy, r => r.Kind == NoCapacityKind.Legacy ? r.Text : null));
        options.Converters.Add(new LegacyTextConverter<UslMiss>(UslMiss.Legacy, m => m.Kind == UslMissKind.Legacy ? m.Text : null));
        options.Converters.Add(new LegacyTextConverter<UnitsSource>(
            UnitsSource.Legacy, u => u.Kind == UnitsSourceKind.Legacy ? u.Text : null));
        options.Converters.Add(new LegacyTextConverter<AppTarget>(AppTarget.Legacy, t => t.Kind == AppTargetKind.Legacy ? t.Text : null));
        options.Converters.Add(new LegacyTextConverter<RunIsolation>(
            RunIsolation.Legacy, i => i.Kind == RunIsolationKind.Legacy ? i.Text : null));
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }
}
