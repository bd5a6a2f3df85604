using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Results;

/// <summary>Reading results.json only reads: the model runs where a command asks for it, so the pipeline runs one way.</summary>
public sealed class ResultsJsonTests
{
    private static readonly string Golden = Path.Combine(AppContext.BaseDirectory, "Golden", "results-sleep.json");

    [Fact]
    public void Reading_a_run_written_before_predictions_leaves_them_to_the_model()
    {
        // Act
        var read = ResultsJson.Deserialize(File.ReadAllText(Golden), Golden);
        var modelled = Predictions.Attach(read);

        // Assert
        var variants = read.Experiments.SelectMany(e => e.Variants).ToList();
        Assert.NotEmpty(variants);
        Assert.All(variants, v => Assert.Null(v.Prediction));
        Assert.All(modelled.Experiments.SelectMany(e => e.Variants), v => Assert.NotNull(v.Prediction));
    }

    [Fact]
    public void The_plan_a_partial_run_and_a_failed_probe_are_written_and_read_back_and_an_older_run_reads_without_them()
    {
        // Arrange
        var read = ResultsJson.Deserialize(File.ReadAllText(Golden), Golden);
        var failed = read.Experiments[0].Variants[0].Steps[0] with
        {
            Flags = [new StepFlag(StepFlagKind.LoadGeneratorFailed) { Count = 107, Text = "socket: too many open files" }],
        };
        var written = read with
        {
            Experiments = [.. read.Experiments.Select(e => e with
            {
                Plan = new ProbePlan([1, 10], 6, 8) { Cap = new LoadCap(19_000, 20_000) },
                Variants = [e.Variants[0] with { Steps = [failed] }, .. e.Variants.Skip(1)],
            })],
            Partial = new PartialRun(PartialReason.Interrupted, 7, ["sleep:async"]),
        };

        // Act
        var again = ResultsJson.Deserialize(ResultsJson.Serialize(written), "written");

        // Assert
        Assert.All(read.Experiments, e => Assert.Null(e.Plan));
        Assert.Null(read.Partial);
        var plan = again.Experiments[0].Plan!;
        Assert.Equal([1, 10], plan.Steps);
        Assert.Equal((6, 8, new LoadCap(19_000, 20_000)), (plan.SearchProbes, plan.MaxProbes, plan.Cap));
        Assert.Equal((PartialReason.Interrupted, 7, "sleep:async"), (again.Partial!.Because, again.Partial.Probes, again.Partial.Unfinished[0]));
        var step = again.Experiments[0].Variants[0].Steps[0];
        Assert.True(step.Failed);
        Assert.Equal("socket: too many open files", step.Flags.Single().Text);
        Assert.DoesNotContain("\"partial\"", ResultsJson.Serialize(read), StringComparison.Ordinal);
    }
}
