using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>k6 run on its own knows nothing of the machine; server columns are filled only when the app's timeline is given.</summary>
public static class StandaloneResults
{
    /// <param name="app">Read after the runs, so that its timeline covers them.</param>
    public static ResultsDocument From(IReadOnlyList<MeasuredRun> summaries, RuntimeReport? app = null)
    {
        if (summaries.Count == 0)
        {
            throw new ArgumentException("At least one k6 results file is needed.", nameof(summaries));
        }

        var timeline = app?.Timeline ?? [];
        var experiments = summaries.Select(summary =>
        {
            var declaration = summary.Declared($"{summary.Experiment}'s k6 results")
                ?? ExperimentCatalog.Find(summary.Experiment)
                ?? Unknown(summary);
            var terms = ExperimentTerms.Of(declaration, summary.Sla, summary.Model);
            var steps = summary.Steps.Select(step =>
            {
                var window = StepWindow(timeline, step);
                return new AnalysedStep(step.Variant, step.StartMs, StepAnalysis.Analyse(new StepRun(step, window, null), terms), window);
            }).ToList();
            return ResultsBuilder.Build(new ExperimentRun(declaration, terms, summary.Parameters, steps));
        }).ToList();

        var first = summaries.MinBy(s => s.StartedAtMs)!;
        var last = summaries.MaxBy(s => s.StartedAtMs + s.TestRunDurationMs)!;
        var cooldowns = summaries.Select(s => s.CooldownSeconds).Distinct().ToList();
        var facts = new RunFacts(
            StartedAt: DateTimeOffset.FromUnixTimeMilliseconds(first.StartedAtMs),
            FinishedAt: DateTimeOffset.FromUnixTimeMilliseconds(last.StartedAtMs).AddMilliseconds(last.TestRunDurationMs),
            K6Version: RunFacts.NotRecorded,
            Profile: "custom (k6 scripts run on their own)",
            Target: AppTarget.Url(first.BaseUrl),
            Isolation: new(RunIsolationKind.OneProcessForSteps) { CooldownSeconds = cooldowns.Min() },
            Settings: new SweepSettings(
                first.Model,
                [.. summaries.SelectMany(s => s.Steps).Select(s => s.Concurrency).Distinct().Order()],
                first.WarmupSeconds,
                first.StepSeconds,
                cooldowns.Min(),
                MinWorkerThreads: null),
            Sla: first.Sla);
        var run = RunDescription.Of(facts, app);

        return new ResultsDocument(ResultsDocument.CurrentSchemaVersion, run, experiments);
    }

    public static IReadOnlyList<RuntimeSample> StepWindow(IReadOnlyList<RuntimeSample> timeline, ProbeSamples step) =>
        timeline.Where(s => s.TimestampMs >= step.StartMs - 2000 && s.TimestampMs <= step.EndMs + 1500).ToList();

    private static Experiment Unknown(MeasuredRun summary) => new(
        summary.Experiment,
        Order: int.MaxValue,
        Title: summary.Experiment,
        Lesson: string.Empty,
        summary.Steps.Any(s => s.ConnectionsFailed is not null) ? LoadKind.WebSocket : LoadKind.Http,
        [.. summary.Steps.Select(s => s.Variant).Distinct().Select(v => new Variant(v, Blocking: false, "GET", "/", v))],
        [],
        [.. summary.Steps.Select(s => s.Concurrency).Distinct().Order()],
        new DeclaredSla(summary.Sla.P95Ms, summary.Sla.MaxErrorRate * 100));
}
