using AsyncCapacity.Report.Experiments;
using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>
/// A results document from k6 scripts run on their own (no harness): what the harness would have recorded about
/// the machine is unknown, and the server columns are filled only when the app's timeline is given.
/// </summary>
public static class StandaloneResults
{
    private const string NotRecorded = "not recorded (k6 scripts run on their own)";

    /// <param name="summaries">One k6 results file per experiment, in the order to report them.</param>
    /// <param name="app">The app's runtime as read after the runs (its timeline covers them), or null.</param>
    public static ResultsDocument From(IReadOnlyList<K6Summary> summaries, AppSnapshot? app = null)
    {
        if (summaries.Count == 0)
        {
            throw new ArgumentException("At least one k6 results file is needed.", nameof(summaries));
        }

        var timeline = app?.Timeline ?? [];
        var experiments = summaries.Select(summary => ResultsBuilder.Build(new ExperimentRun(
            ExperimentCatalog.Find(summary.Experiment) ?? Unknown(summary),
            summary.Sla,
            summary.Parameters,
            summary.Steps.Select(step => new StepRun(step, StepWindow(timeline, step), null)).ToList()))).ToList();

        var first = summaries.MinBy(s => s.StartedAtMs)!;
        var last = summaries.MaxBy(s => s.StartedAtMs + s.TestRunDurationMs)!;
        var cooldowns = summaries.Select(s => s.CooldownSeconds).Distinct().ToList();
        var run = new RunInfo(
            StartedAt: DateTimeOffset.FromUnixTimeMilliseconds(first.StartedAtMs),
            FinishedAt: DateTimeOffset.FromUnixTimeMilliseconds(last.StartedAtMs).AddMilliseconds(last.TestRunDurationMs),
            Machine: NotRecorded,
            Cores: app?.ProcessorCount ?? 0,
            Os: NotRecorded,
            DotnetVersion: app?.Framework ?? NotRecorded,
            K6Version: NotRecorded,
            DatabaseProvider: app?.DatabaseProvider,
            DatabasePoolSize: app?.DatabasePoolSize,
            Profile: "custom (k6 scripts run on their own)",
            Target: first.BaseUrl,
            Isolation: cooldowns.All(c => c > 0)
                ? $"one app process for all steps, {cooldowns.Min():0.#} s cool-down between steps"
                : "one app process for all steps, no cool-down: later steps inherit threads grown by earlier ones",
            Settings: new SweepSettings(
                first.Model,
                summaries.SelectMany(s => s.Steps).Select(s => s.Concurrency).Distinct().Order().ToList(),
                first.WarmupSeconds,
                first.StepSeconds,
                cooldowns.Min(),
                MinWorkerThreads: app?.MinWorkerThreads),
            Sla: first.Sla);

        return new ResultsDocument(ResultsDocument.CurrentSchemaVersion, run, experiments);
    }

    /// <summary>The samples from just before a step's load began to just after it ended.</summary>
    public static IReadOnlyList<RuntimeSample> StepWindow(IReadOnlyList<RuntimeSample> timeline, K6Step step) =>
        timeline.Where(s => s.TimestampMs >= step.StartMs - 2000 && s.TimestampMs <= step.EndMs + 1500).ToList();

    private static ExperimentInfo Unknown(K6Summary summary) => new(
        summary.Experiment,
        summary.Experiment,
        string.Empty,
        summary.Steps.Select(s => s.Variant).Distinct().Select(v => new VariantInfo(v, v, Blocking: false)).ToList(),
        [],
        _ => null);
}

/// <summary>What the app says of itself in /diag/runtime, as far as the report uses it.</summary>
public sealed record AppSnapshot(
    int ProcessorCount,
    int MinWorkerThreads,
    string? Framework,
    string? DatabaseProvider,
    int? DatabasePoolSize,
    IReadOnlyList<RuntimeSample> Timeline);
