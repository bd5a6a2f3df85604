using System.Text.Json;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The app's timeline as its sampler wrote it to Diagnostics:TimelineFile, one JSON sample per line.</summary>
internal static class TimelineFile
{
    public static async Task<List<RuntimeSample>> ReadAsync(string path, CancellationToken cancellationToken)
    {
        if (!File.Exists(path))
        {
            return [];
        }

        var samples = new List<RuntimeSample>();
        foreach (var line in await File.ReadAllLinesAsync(path, cancellationToken))
        {
            try
            {
                if (JsonSerializer.Deserialize<RuntimeSample>(line, WireJson.Options) is { } sample)
                {
                    samples.Add(sample);
                }
            }
            catch (JsonException)
            {
                // The process was stopped mid-line: that sample is lost, the others stand.
            }
        }

        return samples;
    }
}
