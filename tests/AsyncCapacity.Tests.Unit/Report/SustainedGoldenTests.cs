using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The golden runs with a sustained measurement: the synthetic one is what its generator builds from the recorded quick runs and
/// the lab's own readings (regenerate it deliberately: ASYNCCAPACITY_WRITE_GOLDEN=1 dotnet test --filter SustainedGoldenTests),
/// and every held load in a golden file, synthetic or recorded, reads as the lab reads its seconds.
/// </summary>
public sealed class SustainedGoldenTests
{
    public static TheoryData<string> Sustained => [SyntheticSustainedRun.FileName];

    [Fact]
    public void The_synthetic_file_is_what_its_generator_builds_from_the_recorded_runs()
    {
        // Arrange
        var path = Path.Combine(Repository.Root, "tests", "Shared", "Golden", SyntheticSustainedRun.FileName);

        // Act
        var built = ResultsJson.Serialize(SyntheticSustainedRun.Build()) + "\n";
        if (Environment.GetEnvironmentVariable("ASYNCCAPACITY_WRITE_GOLDEN") == "1")
        {
            File.WriteAllText(path, built);
        }

        // Assert
        Assert.True(File.Exists(path) && File.ReadAllText(path) == built,
            $"{path} differs from what SyntheticSustainedRun builds: if the change is meant, regenerate it with "
                + "ASYNCCAPACITY_WRITE_GOLDEN=1");
    }

    [Theory]
    [MemberData(nameof(Sustained))]
    public void Every_held_load_reads_as_the_lab_reads_its_seconds(string golden)
    {
        // Arrange
        var document = Golden(golden);

        foreach (var experiment in document.Experiments)
        {
            foreach (var variant in experiment.Variants.Where(v => v.Sustained is not null))
            {
                var sustained = variant.Sustained!;
                foreach (var hold in sustained.Holds.Where(h => h.EndedBy != HoldEnd.Failed))
                {
                    // Act
                    var terms = new HoldTerms(hold.Concurrency, experiment.Sla, experiment.Load.HoldsSessions, sustained.ConfirmSeconds);
                    var read = HoldReading.Of(hold.Concurrency, hold.Seconds, terms, hold.Forecast is null ? null : hold.Forecast with
                    {
                        ErrorPercent = null,
                        Broke = null,
                    });

                    // Assert
                    var what = $"{experiment.Name} {variant.Name} at {hold.Concurrency}";
                    Assert.True(
                        (read.CaughtUpAt, read.EndedBy, read.HeldSeconds) == (hold.CaughtUpAt, hold.EndedBy, hold.HeldSeconds), what);
                    Assert.Equal(read.Cost, hold.Cost);
                    Assert.Equal(read.Forecast, hold.Forecast);
                }

                var curve = CapacityCurve.Of(variant.Capacity, sustained.KneeHorizonSeconds, CapacityCurve.Points(sustained.Holds),
                    Lab.Results.Sustained.ReadAt(sustained.KneeHorizonSeconds, sustained.HorizonSeconds));
                Assert.Equal(curve, sustained.Curve.Select(p => p with { Predicted = null }));
                Assert.Equal(SteadyStateReader.Of(sustained.Holds, null)?.Kind, sustained.Steady?.Kind);
            }
        }
    }
}
