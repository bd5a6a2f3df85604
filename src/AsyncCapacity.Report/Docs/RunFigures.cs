using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>A run's own facts, as a query asks for them ("run date"): the day it started, its minutes as its "Recorded" line gives
/// them, and under --app-cpus the CPUs it gave the app ("run quota") and what .NET made of them ("run processor-count",
/// "run pool-min").</summary>
public static class RunFigures
{
    public static (string Text, double? Value, bool Flagged) Of(string field, RunInfo run)
    {
        if (field == "date")
        {
            return (run.StartedAt.UtcDateTime.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), null, false);
        }

        if (field == "minutes")
        {
            var minutes = RecordedLine.Minutes(run);
            return (minutes, double.Parse(minutes, CultureInfo.InvariantCulture), false);
        }

        if (field is not ("quota" or "processor-count" or "pool-min"))
        {
            throw new DocsException($"no field '{field}' of a run");
        }

        var quota = run.CpuQuota ?? throw new DocsException("the run had no CPU quota (--app-cpus)");
        double? value = field switch
        {
            "quota" => quota.Cpus,
            "processor-count" => quota.ProcessorCount,
            _ => quota.MinWorkerThreads,
        };
        return value is { } v
            ? (FigureText.Of(v, FigureUnit.Number), v, false)
            : throw new DocsException($"the run did not read its app's {field}");
    }
}
