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
}
