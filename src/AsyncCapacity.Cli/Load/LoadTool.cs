using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

/// <summary>What the rest of the CLI asks of the load generator without naming it: where it is, and whether a file is one of its
/// results and what it measured. k6 is the one there is; a second would be chosen here.</summary>
internal static class LoadTool
{
    /// <param name="runners">The runners every probe is split over; null: one k6 here.</param>
    public static async Task<ILoadGenerator> LocateAsync(
        RepositoryLayout layout, string rawDirectory, IReadOnlyList<LoadRunner>? runners, CancellationToken cancellationToken) =>
        runners is null
            ? await K6Generator.LocateAsync(layout, rawDirectory, cancellationToken)
            : new SplitK6Generator(await K6Tool.LocateAsync(layout, rawDirectory, cancellationToken), layout, rawDirectory, runners);

    public static bool IsResultsFile(string json) => K6ResultsFile.LooksLikeK6Summary(json);

    /// <summary>Throws <see cref="InvalidDataException"/> saying what is wrong with the file.</summary>
    public static MeasuredRun ReadResults(string json, string source) => K6ResultsFile.Parse(json, source);
}
