using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>The line above a page's table of a recorded run: "Recorded 2026-11-26 by `capacity sweep …` (3.1 minutes, quick
/// profile)." A learner who re-runs the command knows what to expect and how long to wait.</summary>
public static class RecordedLine
{
    public static string Of(RunInfo run, string command) => string.Create(CultureInfo.InvariantCulture,
        $"Recorded {run.StartedAt.UtcDateTime:yyyy-MM-dd} by `{command}` ({Minutes(run)} minutes, {run.Profile} profile).");

    /// <summary>"3.1": the run's whole seconds, from its start to its finish, in minutes to the tenth, rounded half up.</summary>
    public static string Minutes(RunInfo run)
    {
        var tenths = (Seconds(run) * 10 + 30) / 60;
        return string.Create(CultureInfo.InvariantCulture, $"{tenths / 10}.{tenths % 10}");
    }

    /// <summary>Whole seconds, as a clock read at each end counts them.</summary>
    public static long Seconds(RunInfo run) => run.FinishedAt.ToUnixTimeSeconds() - run.StartedAt.ToUnixTimeSeconds();
}
