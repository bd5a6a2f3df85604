using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Docs;

/// <summary>A run kept under docs/workshop/runs, read as the CLI reads it; its length in whole seconds, as render.sh counts them.</summary>
internal static class RecordedRun
{
    public static ResultsDocument Read(string path) => ResultsJson.Deserialize(File.ReadAllText(path), path);

    public static long Seconds(RunInfo run) => run.FinishedAt.ToUnixTimeSeconds() - run.StartedAt.ToUnixTimeSeconds();
}
