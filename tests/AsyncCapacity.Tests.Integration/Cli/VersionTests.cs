using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity --version` grows with every commit (1.0. and the commits behind HEAD), so that `dotnet tool update` after a pull
/// and a pack installs the new build rather than keeping an older one of the same version.</summary>
public sealed class VersionTests(ITestOutputHelper log)
{
    [Fact]
    public async Task The_version_is_one_dot_zero_dot_the_commits_behind_HEAD()
    {
        // Arrange
        var (gitExit, count) = await CliProcess.RunProgramAsync(log, TimeSpan.FromMinutes(1), "git", ["rev-list", "--count", "HEAD"],
            Repository.Root, new Dictionary<string, string>());
        Assert.True(gitExit == 0, $"git rev-list exited {gitExit}: {count}");

        // Act
        var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "--version");

        // Assert: 1.0.N, then the commit the build came from
        Assert.Equal(0, exitCode);
        Assert.StartsWith($"1.0.{count.Trim()}+", output.Trim(), StringComparison.Ordinal);
    }
}
