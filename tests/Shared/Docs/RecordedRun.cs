using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Docs;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>A run kept under docs/workshop/runs, read as the CLI reads it; the clone's docs as `capacity docs` reads them.</summary>
internal static class RecordedRun
{
    public static ResultsDocument Read(string path) => ResultsJson.Deserialize(File.ReadAllText(path), path);

    public static long Seconds(RunInfo run) => RecordedLine.Seconds(run);

    /// <summary>The repository's own pages and runs, each run read once for every test.</summary>
    public static readonly DocsTree Docs = new(Repository.Root);
}
