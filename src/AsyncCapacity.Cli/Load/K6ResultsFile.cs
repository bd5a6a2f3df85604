using System.Text.Json;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Load;

/// <summary>The results file a k6-scripts/*.js sweep writes (k6-scripts/README.md), read into the lab's own type.</summary>
internal static class K6ResultsFile
{
    public const string Format = "asynccapacity-k6/1";

    /// <summary>Parses a k6 results file; throws <see cref="InvalidDataException"/> saying what is wrong with it.</summary>
    public static MeasuredRun Parse(string json, string source)
    {
        MeasuredRun? summary;
        try
        {
            summary = JsonSerializer.Deserialize<MeasuredRun>(json, ResultsJson.Options);
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{source} is not a k6 results file: {ex.Message}", ex);
        }

        if (summary?.Format != Format)
        {
            throw new InvalidDataException(
                $"{source} is not a k6 results file of format {Format} (found '{summary?.Format}'). "
                + "Was it written by a k6-scripts/*.js sweep?");
        }

        if (summary.Steps is null || summary.Parameters is null || summary.Sla is null)
        {
            throw new InvalidDataException($"{source} lacks steps, parameters or sla.");
        }

        return summary;
    }

    public static bool LooksLikeK6Summary(string json)
    {
        try
        {
            using var document = JsonDocument.Parse(json);
            return document.RootElement.ValueKind == JsonValueKind.Object
                && document.RootElement.TryGetProperty("format", out var format)
                && format.ValueKind == JsonValueKind.String
                && format.GetString()!.StartsWith("asynccapacity-k6/", StringComparison.Ordinal);
        }
        catch (JsonException)
        {
            return false;
        }
    }
}
