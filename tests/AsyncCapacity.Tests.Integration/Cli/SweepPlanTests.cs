using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>The plan `capacity sweep` prints (with --dry-run, or before its first probe), as the real process prints it.</summary>
public sealed class SweepPlanTests(ITestOutputHelper log)
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(2);

    [Fact]
    public async Task A_window_not_longer_than_the_SLA_is_warned_saying_what_it_cannot_see()
    {
        // Act: C10k's SLA is p95 ≤ 2.5 s; sleep's (1 s) by the quick profile's 4 s window, then widened to 4 s
        var (code, plan) = await DryRunAsync("-e", "connections,sleep", "--profile", "quick", "--step-seconds", "2");
        var (profileCode, profilePlan) = await DryRunAsync("-e", "sleep", "--profile", "quick", "--sla-p95", "4000");

        // Assert
        Assert.Equal(0, code);
        Assert.Contains("warning: connections: each probe measures --step-seconds 2, not longer than the SLA's p95 of 2.5 s. "
            + "A client that gets no answer within the window cannot be counted, so a blocking variant that leaves its clients "
            + "waiting can appear to meet the SLA. Give --step-seconds above 2.5.", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("warning: sleep", plan, StringComparison.Ordinal);
        Assert.Equal(0, profileCode);
        Assert.Contains("warning: sleep: each probe measures the quick profile's 4 s, not longer than the SLA's p95 of 4 s.",
            profilePlan, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_window_longer_than_every_SLA_warns_of_nothing()
    {
        // Act: every declared experiment with the quick profile's 4 s window
        var (code, plan) = await DryRunAsync("--profile", "quick");

        // Assert
        Assert.Equal(0, code);
        Assert.Contains("Plan: profile quick", plan, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex("^warning:", RegexOptions.Multiline), plan);
    }

    [Fact]
    public async Task A_sweep_warns_of_its_window_before_its_first_probe()
    {
        // Arrange: a target nothing answers, so the sweep ends at its first probe's check
        var output = Directory.CreateTempSubdirectory("capacity-window-").FullName;
        try
        {
            // Act
            var (code, said) = await CliProcess.RunAsync(log, Timeout, "sweep", "-e", "connections", "--step-seconds", "2",
                "--target", $"http://127.0.0.1:{ClosedPort.Find()}", "--out", output);

            // Assert
            Assert.Equal(2, code);
            Assert.Contains("warning: connections: each probe measures --step-seconds 2, not longer than the SLA's p95 of 2.5 s.",
                said, StringComparison.Ordinal);
            Assert.Contains("is not answering /healthz", said, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(output, recursive: true);
        }
    }

    private Task<(int ExitCode, string Output)> DryRunAsync(params string[] arguments) =>
        CliProcess.RunAsync(log, Timeout, ["sweep", "--dry-run", .. arguments]);
}
