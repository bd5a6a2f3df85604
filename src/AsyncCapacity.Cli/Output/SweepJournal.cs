using System.Text.Json;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Output;

/// <summary>A sweep's record on disk, written as it goes so that neither Ctrl+C nor a killed process loses a finished probe: the run's
/// start (sweep.json) and one line per probe (raw/probes.jsonl), its step, timeline and what it read of the app.</summary>
internal sealed class SweepJournal(string directory)
{
    public const string StartFile = "sweep.json";

    private static readonly JsonSerializerOptions Line = new(ResultsJson.Options) { WriteIndented = false };

    private string ProbesPath => Path.Combine(directory, "raw", "probes.jsonl");

    public static bool Holds(string directory) => File.Exists(Path.Combine(directory, StartFile));

    public async Task BeginAsync(SweepStart start, bool resumed)
    {
        Directory.CreateDirectory(Path.Combine(directory, "raw"));
        await File.WriteAllTextAsync(Path.Combine(directory, StartFile), JsonSerializer.Serialize(start, ResultsJson.Options));
        if (!resumed)
        {
            File.Delete(ProbesPath);
        }
    }

    /// <summary>Written whatever the sweep's token says: a probe that finished is kept even as the sweep is being stopped. The loop
    /// runs one probe at a time, so lines never interleave.</summary>
    public Task AppendAsync(ProbeOrder order, ProbeAnswer answer) =>
        File.AppendAllTextAsync(ProbesPath, JsonSerializer.Serialize(RecordedProbe.Of(order, answer), Line) + "\n", CancellationToken.None);

    public async Task<SweepStart> StartAsync(CancellationToken cancellationToken)
    {
        var path = Path.Combine(directory, StartFile);
        return Read<SweepStart>(await File.ReadAllTextAsync(path, cancellationToken), path);
    }

    /// <summary>Every probe it holds, in order; a line cut short by a killed process is the last and is left out.</summary>
    public async Task<IReadOnlyList<RecordedProbe>> ProbesAsync(CancellationToken cancellationToken)
    {
        if (!File.Exists(ProbesPath))
        {
            return [];
        }

        var lines = (await File.ReadAllLinesAsync(ProbesPath, cancellationToken)).Where(l => l.Length > 0).ToList();
        return [.. lines.Select((line, i) => i == lines.Count - 1 && !line.EndsWith('}') ? null : Read<RecordedProbe>(line, ProbesPath))
            .OfType<RecordedProbe>()];
    }

    private static T Read<T>(string json, string path)
    {
        try
        {
            return JsonSerializer.Deserialize<T>(json, ResultsJson.Options)
                ?? throw new InvalidDataException($"{path} is empty.");
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{path} is not a sweep's record: {ex.Message}", ex);
        }
    }
}
