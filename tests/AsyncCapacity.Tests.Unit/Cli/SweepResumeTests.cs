using System.CommandLine;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Commands;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity sweep --resume DIR` as typed: the stopped sweep's own options only, and a folder that holds a sweep.</summary>
public sealed class SweepResumeTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-resume-").FullName;

    [Fact]
    public void Resume_takes_no_other_option_and_says_why()
    {
        // Act
        var alone = new RootCommand { SweepCommand.Create() }.Parse(["sweep", "--resume", _folder]);
        var mixed = new RootCommand { SweepCommand.Create() }.Parse(["sweep", "--resume", _folder, "--probes", "3"]);

        // Assert
        Assert.Empty(alone.Errors);
        Assert.Equal("--resume takes the stopped sweep's own options from DIR/sweep.json; --probes cannot be given with it.",
            Assert.Single(mixed.Errors).Message);
    }

    [Fact]
    public async Task A_folder_that_holds_no_sweep_is_refused_naming_the_file_a_sweep_writes()
    {
        // Act
        var refusal = await Assert.ThrowsAsync<UsageException>(() => SweepResume.RunAsync(_folder, CancellationToken.None));

        // Assert
        Assert.Equal($"{_folder} holds no sweep to resume: no sweep.json, which a sweep writes into its --out folder once its app "
            + "is ready.", refusal.Message);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
