using System.Text.Json;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Results;

/// <summary>Flags and reasons are data; an older file's sentences are read as legacy kinds that keep their text.</summary>
public sealed class LegacyTextTests
{
    [Fact]
    public void A_flag_written_as_a_sentence_is_read_as_its_text_and_written_back_as_it_was()
    {
        // Arrange
        const string json = "\"The machine's CPU was 94% busy (k6 itself 59%): …\"";

        // Act
        var flag = JsonSerializer.Deserialize<StepFlag>(json, ResultsJson.Options)!;

        // Assert
        Assert.Equal(StepFlagKind.Legacy, flag.Kind);
        Assert.Equal("The machine's CPU was 94% busy (k6 itself 59%): …", FlagText.Of(flag));
        Assert.Equal(flag, JsonSerializer.Deserialize<StepFlag>(JsonSerializer.Serialize(flag, ResultsJson.Options), ResultsJson.Options));
    }

    [Fact]
    public void A_flag_of_a_kind_is_written_as_its_figures_and_says_the_same_sentence_when_read_back()
    {
        // Arrange
        var flag = new StepFlag(StepFlagKind.BusyMachine) { Percent = 94.4, LoadGeneratorPercent = 59 };

        // Act
        var json = JsonSerializer.Serialize(flag, WithoutIndent);
        var read = JsonSerializer.Deserialize<StepFlag>(json, ResultsJson.Options)!;

        // Assert
        Assert.Equal("""{"kind":"busyMachine","percent":94.4,"loadGeneratorPercent":59}""", json);
        Assert.Equal(flag, read);
        Assert.StartsWith("The machine's CPU was 94% busy (k6 itself 59%): ", FlagText.Of(read), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("\"even 1 missed it\"", "even 1 missed it")]
    [InlineData("""{"kind":"missedBeforeBudgetRanOut","count":125}""",
        "every load tried missed, down to 125, before the probe budget ran out")]
    [InlineData("""{"kind":"kneeBelowOne","lowLoad":0,"highLoad":2}""", "the knee lies below 1 (90%: 0–2)")]
    public void A_reason_for_no_capacity_reads_as_a_sentence_or_as_data(string json, string said)
    {
        // Act
        var reason = JsonSerializer.Deserialize<NoCapacityReason>(json, ResultsJson.Options);

        // Assert
        Assert.Equal(said, NoCapacityText.Of(reason));
    }

    [Fact]
    public void A_run_header_written_as_sentences_reads_as_they_were_and_one_written_as_data_says_the_same()
    {
        // Arrange
        const string legacy = """{"target":"the app, built in Release and started by the sweep on 127.0.0.1","isolation":"cool-down"}""";
        var target = new AppTarget(AppTargetKind.BuiltApp) { ReadFromOutside = true };
        var isolation = new RunIsolation(RunIsolationKind.OneProcessPerRun) { CooldownSeconds = 25 };

        // Act
        var read = JsonSerializer.Deserialize<Header>(legacy, ResultsJson.Options)!;
        var json = JsonSerializer.Serialize(new Header(target, isolation), WithoutIndent);

        // Assert
        Assert.Equal("the app, built in Release and started by the sweep on 127.0.0.1", RunText.Target(read.Target));
        Assert.Equal("cool-down", RunText.Isolation(read.Isolation));
        Assert.Equal(legacy, JsonSerializer.Serialize(read, WithoutIndent));
        Assert.Equal("""{"target":{"kind":"builtApp","readFromOutside":true},"isolation":{"kind":"oneProcessPerRun","cooldownSeconds":25}}""", json);
        Assert.Equal("the app, built in Release and started by the sweep on 127.0.0.1; its runtime read from outside over EventPipe",
            RunText.Target(target));
        Assert.Equal("one app process for all probes, 25 s cool-down between probes (idle pool threads retire after ~20 s)",
            RunText.Isolation(isolation));
    }

    private sealed record Header(AppTarget Target, RunIsolation Isolation);

    private static readonly JsonSerializerOptions WithoutIndent = new(ResultsJson.Options) { WriteIndented = false };
}
