using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// A comparison of real results files: the golden sweep of the sleep pair as the baseline, and copies of it with one
/// thing changed, as a user's second run would have (a faster step, a flag, a variant left out).
/// </summary>
public sealed class CompareTests
{
    private static ResultsDocument Baseline() => GoldenAsStored("results-sleep.json");

    [Fact]
    public void A_change_inside_the_noise_is_not_called_a_change_and_one_beyond_it_is()
    {
        // Arrange
        var baseline = Baseline();
        var second = WithStep(WithStep(baseline, "async", 50, s => s with { Rps = s.Rps * 1.05 }),
            "async", 100, s => s with { Rps = s.Rps * 0.7 });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var async = comparison.Experiments.Single().Variants.Single(v => v.Name == "async");
        Assert.Equal(ChangeKind.Noise, async.Steps.Single(s => s.Concurrency == 50).RpsChanges[1]!.Kind);
        Assert.Equal("+5% ~", async.Steps.Single(s => s.Concurrency == 50).RpsChanges[1]!.Text);
        var slower = async.Steps.Single(s => s.Concurrency == 100).RpsChanges[1]!;
        Assert.Equal(ChangeKind.Change, slower.Kind);
        Assert.Equal("−30%", slower.Text);
        Assert.Empty(comparison.Differences);
    }

    [Fact]
    public void A_changed_probe_budget_is_a_setting_that_differs_and_a_run_that_did_not_record_it_differs_in_nothing()
    {
        // Arrange: the same run given 10 and 16 probes, and once as written before results.json kept its plan
        var baseline = Baseline();
        ResultsDocument Given(int? probes) => baseline with
        {
            Experiments = [.. baseline.Experiments.Select(e => e with
            {
                Plan = probes is null ? null : new ProbePlan([1, 10, 100], probes, 3 + probes.Value),
            })],
        };

        // Act
        var changed = RunComparison.Of([new("a", Given(10)), new("b", Given(16))], new NoiseRule(10));
        var older = RunComparison.Of([new("a", Given(null)), new("b", Given(10))], new NoiseRule(10));

        // Assert
        var probes = Assert.Single(changed.Differences);
        Assert.Equal("sleep --probes", probes.Name);
        Assert.Equal(["10", "16"], probes.Values);
        Assert.Contains("sleep --probes", CompareText.Render(changed), StringComparison.Ordinal);
        Assert.Empty(older.Differences);
    }

    [Fact]
    public void A_step_flagged_in_either_run_is_shown_but_not_judged()
    {
        // Arrange: the baseline's sync step at 400 clients is flagged
        var baseline = Baseline();
        var second = WithStep(baseline, "sync", 400, s => s with { Rps = s.Rps * 2, Flags = [] });
        Assert.NotEmpty(baseline.Experiments[0].Variants[0].Steps.Single(s => s.Concurrency == 400).Flags);

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.Equal(ChangeKind.Untrusted, step.RpsChanges[1]!.Kind);
        Assert.NotEmpty(step.FlagsInOneRunOnly);
    }

    [Fact]
    public void A_flag_both_runs_raised_with_other_figures_is_not_a_flag_of_one_run_only()
    {
        // Arrange: both runs' sync step at 400 clients had a busy machine, at 94% and 95%; only the second dropped sessions
        var baseline = WithStep(Baseline(), "sync", 400, s => s with { Flags = [Busy(94, 59)] });
        var second = WithStep(baseline, "sync", 400, s => s with
        {
            Flags = [Busy(95, 54), new(StepFlagKind.SessionsLost) { Count = 3, SessionsDropped = 0 }],
        });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.StartsWith("3 sessions failed to open and 0 dropped before the step's end", Assert.Single(step.FlagsInOneRunOnly),
            StringComparison.Ordinal);
        Assert.EndsWith("(run 2)", step.FlagsInOneRunOnly[0], StringComparison.Ordinal);

        static StepFlag Busy(double machine, double k6) => new(StepFlagKind.BusyMachine) { Percent = machine, LoadGeneratorPercent = k6 };
    }

    [Fact]
    public void A_flag_read_as_a_sentence_is_the_same_flag_as_another_whose_figures_alone_differ()
    {
        // Arrange: results files written when flags were sentences
        var baseline = WithStep(Baseline(), "sync", 400, s => s with { Flags = [StepFlag.Legacy("The machine's CPU was 94% busy: …")] });
        var second = WithStep(baseline, "sync", 400, s => s with
        {
            Flags = [StepFlag.Legacy("The machine's CPU was 95% busy: …"), StepFlag.Legacy("3 sessions failed to open and 0 dropped")],
        });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.Equal("3 sessions failed to open and 0 dropped (run 2)", Assert.Single(step.FlagsInOneRunOnly));
    }

    [Fact]
    public void A_variant_only_some_runs_swept_is_named_and_not_compared_and_runs_with_none_in_common_compare_nothing()
    {
        // Arrange: lab 4's mistake, the blocking variant in one run and its async twin in the other
        var baseline = Baseline();
        var experiment = baseline.Experiments.Single();
        ResultsDocument Only(string variant) =>
            baseline with { Experiments = [experiment with { Variants = [.. experiment.Variants.Where(v => v.Name == variant)] }] };

        // Act
        var partly = RunComparison.Of([new("both", baseline), new("sync", Only("sync"))], new NoiseRule(10));
        var apart = RunComparison.Of([new("sync", Only("sync")), new("async", Only("async"))], new NoiseRule(10));

        // Assert
        Assert.Equal(["sync"], partly.Experiments.Single().Variants.Select(v => v.Name));
        Assert.Contains("sleep async: only in both", partly.OnlyInSomeRuns);
        Assert.Empty(apart.Experiments);
        Assert.Equal(["sleep sync: only in sync", "sleep async: only in async"], apart.OnlyInSomeRuns);
    }
}
