using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Cli;

/// <summary>--isolate: which CPUs each side gets, when it is on by default, and how a step then says which side was at its limit.</summary>
public sealed class CpuIsolationTests
{
    [Theory]
    [InlineData("Auto", new[] { 0, 1 }, null, null)]          // 2 cores: off, it would halve the app's
    [InlineData("On", new[] { 0, 1 }, "0", "1")]
    [InlineData("Auto", new[] { 0, 1, 2, 3 }, "0,1", "2,3")]   // from 4: the app keeps 2
    [InlineData("Auto", new[] { 0, 1, 2, 3, 4 }, "0,1,2", "3,4")]
    [InlineData("Off", new[] { 0, 1, 2, 3 }, null, null)]
    [InlineData("On", new[] { 2, 5, 7 }, "2,5", "7")]          // the CPUs this process may use, whichever they are
    public void The_app_gets_the_first_half_of_the_CPUs_and_k6_the_rest(string mode, int[] cpus, string? app, string? k6)
    {
        // Act
        var isolation = CpuIsolationChoice.Choose(Enum.Parse<IsolationMode>(mode), cpus);

        // Assert
        Assert.Equal((app, k6), (isolation?.AppCpus, isolation?.LoadGeneratorCpus));
        if (isolation is not null)
        {
            Assert.Equal(cpus.Length, isolation.AppCores + isolation.LoadGeneratorCores);
        }
    }

    [Fact]
    public void On_one_CPU_isolation_is_refused_saying_why()
    {
        var error = Assert.Throws<UsageException>(() => CpuIsolationChoice.Choose(IsolationMode.On, [0]));
        Assert.Contains("at least 2 CPUs", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    // Isolated on 1 + 1 of 2 cores: k6 at 46% of the machine is 92% of its own CPU.
    [InlineData(60.0, 95.0, 46.0, true, Saturation.LoadGenerator)]
    [InlineData(95.0, 80.0, 30.0, true, Saturation.App)]
    [InlineData(40.0, 60.0, 20.0, true, null)]
    // Sharing the machine: k6 is the limit when the machine is busy and k6 holds a third of it.
    [InlineData(50.0, 95.0, 40.0, false, Saturation.LoadGenerator)]
    [InlineData(92.0, 97.0, 5.0, false, Saturation.App)]
    [InlineData(30.0, 50.0, 40.0, false, null)]
    public void A_step_says_which_side_ran_out_of_CPU(double appCpu, double machine, double loadGenerator,
        bool isolated, Saturation? expected)
    {
        // Arrange
        var isolation = isolated ? new CpuIsolation("0", "1", 1, 1, 2) : null;

        // Act
        var saturated = StepAnalysis.Saturated(appCpu, new HostCpu(machine, loadGenerator), isolation);

        // Assert
        Assert.Equal(expected, saturated);
    }
}
