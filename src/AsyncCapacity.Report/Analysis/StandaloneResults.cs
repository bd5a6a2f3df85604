using AsyncCapacity.Report.Experiments;
using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>
/// A results document from a k6 script run on its own (no harness): no server timeline and no CPU readings,
/// so those columns stay empty, and the run header says what is not known.
/// </summary>
public static class StandaloneResults
{
    private const string NotRecorded = "not recorded (standalone k6 run)";

    public static ResultsDocument From(K6Summary summary)
    {
        var info = ExperimentCatalog.Find(summary.Experiment) ?? Unknown(summary);
        var steps = summary.Steps.Select(step => new StepRun(step, [], null)).ToList();
        var experiment = ResultsBuilder.Build(new ExperimentRun(info, summary.Sla, summary.Parameters, steps));
        var started = DateTimeOffset.FromUnixTimeMilliseconds(summary.StartedAtMs);

        var run = new RunInfo(
            StartedAt: started,
            FinishedAt: started.AddMilliseconds(summary.TestRunDurationMs),
            Machine: NotRecorded,
            Cores: 0,
            Os: NotRecorded,
            DotnetVersion: NotRecorded,
            K6Version: NotRecorded,
            DatabaseProvider: null,
            Profile: "custom (k6 script run on its own)",
            Target: summary.BaseUrl,
            Isolation: summary.CooldownSeconds > 0
                ? $"one app process for all steps, {summary.CooldownSeconds:0.#} s cool-down between steps"
                : "one app process for all steps, no cool-down: later steps inherit threads grown by earlier ones",
            Settings: new SweepSettings(
                summary.Model,
                summary.Steps.Select(s => s.Concurrency).Distinct().Order().ToList(),
                summary.WarmupSeconds,
                summary.StepSeconds,
                summary.CooldownSeconds,
                MinWorkerThreads: null),
            Sla: summary.Sla);

        return new ResultsDocument(ResultsDocument.CurrentSchemaVersion, run, [experiment]);
    }

    private static ExperimentInfo Unknown(K6Summary summary) => new(
        summary.Experiment,
        summary.Experiment,
        string.Empty,
        summary.Steps.Select(s => s.Variant).Distinct().Select(v => new VariantInfo(v, v, Blocking: false)).ToList(),
        [],
        _ => null);
}
