using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Report.Results;

/// <summary>One set of JSON settings for results.json, so that writer and reader cannot drift apart.</summary>
public static class ResultsJson
{
    public static JsonSerializerOptions Options { get; } = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        DefaultIgnoreCondition = JsonIgnoreCondition.Never,
        NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    public static string Serialize(ResultsDocument document) => JsonSerializer.Serialize(document, Options);

    /// <summary>Reads results.json; throws <see cref="InvalidDataException"/> with a readable reason on a bad file.</summary>
    public static ResultsDocument Deserialize(string json, string source)
    {
        ResultsDocument? document;
        try
        {
            document = JsonSerializer.Deserialize<ResultsDocument>(json, Options);
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{source} is not a valid results file: {ex.Message}", ex);
        }

        if (document is null || document.Run is null || document.Experiments is null)
        {
            throw new InvalidDataException($"{source} is not a results file (no run or experiments).");
        }

        if (document.SchemaVersion != ResultsDocument.CurrentSchemaVersion)
        {
            throw new InvalidDataException(
                $"{source} has schemaVersion {document.SchemaVersion}; this tool reads version {ResultsDocument.CurrentSchemaVersion}.");
        }

        return document;
    }
}
