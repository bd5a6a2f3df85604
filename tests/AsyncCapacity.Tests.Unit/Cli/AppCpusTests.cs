using System.CommandLine;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Cli;

/// <summary>--app-cpus as typed: the quota in CPUs, its bounds, the refusals that say why, and how the app joins its cgroup.</summary>
public sealed class AppCpusTests
{
    private static ParseResult Parse(params string[] arguments) =>
        new RootCommand { SweepCommand.Build().Command }.Parse(["sweep", "-e", "sleep", .. arguments]);

    [Theory]
    [InlineData("0.5", 0.5)]
    [InlineData("0.1", 0.1)]
    [InlineData("1", 1.0)]
    public void A_quota_in_CPUs_fractions_allowed_reaches_the_request(string given, double cpus)
    {
        // Act
        var (command, request) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", "-e", "sleep", "--app-cpus", given]);

        // Assert
        Assert.Empty(parse.Errors);
        Assert.Equal(cpus, request(parse).AppCpus);
    }

    [Theory]
    [InlineData("0.05")]
    [InlineData("0")]
    [InlineData("500m")]
    [InlineData("4096")]
    public void A_quota_below_a_tenth_or_above_the_machines_cores_is_refused_naming_the_range(string given)
    {
        // Act
        var parse = Parse("--app-cpus", given);

        // Assert
        var error = Assert.Single(parse.Errors).Message;
        Assert.Contains($"--app-cpus takes CPUs from 0.1 to this machine's {Environment.ProcessorCount}", error, StringComparison.Ordinal);
        Assert.Contains($"got '{given}'", error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_running_target_is_limited_where_it_runs_not_by_the_sweep()
    {
        // Act
        var parse = Parse("--app-cpus", "0.5", "--target", "http://127.0.0.1:5080");

        // Assert
        Assert.Contains(parse.Errors, e => e.Message.Contains("--app-cpus limits the app the sweep starts", StringComparison.Ordinal)
            && e.Message.Contains("resources.limits.cpu", StringComparison.Ordinal));
    }

    [Fact]
    public void Where_no_cgroup_can_be_written_the_sweep_refuses_in_one_line_that_says_why()
    {
        // Act: a "cgroup tree" no one may make a group in
        var error = Assert.Throws<UsageException>(() => CpuQuotaGroup.Create(0.5, root: "/dev/null"));

        // Assert
        Assert.StartsWith("--app-cpus needs a cgroup it may write, and /dev/null refused it", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void The_app_joins_its_cgroup_and_then_becomes_the_app_keeping_its_process_id()
    {
        // Arrange: a v1 layout in a folder of the test's own
        var root = Directory.CreateTempSubdirectory("capacity-cgroup-").FullName;
        File.WriteAllText(Path.Combine(root, "cpu.cfs_quota_us"), "-1");
        try
        {
            using var group = CpuQuotaGroup.Create(0.25, root);

            // Act
            var (fileName, arguments) = group.Wrap("dotnet", ["App.dll", "--urls", "http://127.0.0.1:5000"]);

            // Assert: sh writes its own pid into cgroup.procs, then execs the app in its place
            Assert.Equal("/bin/sh", fileName);
            Assert.Equal("echo $$ > \"$0\" && exec \"$@\"", arguments[1]);
            Assert.EndsWith("cgroup.procs", arguments[2], StringComparison.Ordinal);
            Assert.Equal(["dotnet", "App.dll", "--urls", "http://127.0.0.1:5000"], arguments.Skip(3));
            var folder = Path.GetDirectoryName(arguments[2])!;
            Assert.Equal("25000", File.ReadAllText(Path.Combine(folder, "cpu.cfs_quota_us")));
            Assert.Equal("100000", File.ReadAllText(Path.Combine(folder, "cpu.cfs_period_us")));
            Assert.Equal("v1", group.Cgroup);

            // The throttling a v1 cpu.stat counts, the time in nanoseconds
            File.WriteAllText(Path.Combine(folder, "cpu.stat"), "nr_periods 40\nnr_throttled 30\nthrottled_time 3198000000\n");
            Assert.Equal(new AsyncCapacity.Lab.Results.Throttling(40, 30, 3.198), group.Read());
            foreach (var file in Directory.GetFiles(folder))
            {
                File.Delete(file); // a real cgroup's files go with its rmdir
            }
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Theory]
    [InlineData(0.5, "0.5 CPUs: a CFS quota of 50 ms per 100 ms period (cgroup v1), as a pod's limits.cpu of 500m")]
    [InlineData(1.0, "1 CPU: a CFS quota of 100 ms per 100 ms period (cgroup v1), as a pod's limits.cpu of 1000m")]
    [InlineData(0.25, "0.25 CPUs: a CFS quota of 25 ms per 100 ms period (cgroup v1), as a pod's limits.cpu of 250m")]
    public void The_quota_reads_as_Kubernetes_and_the_kernel_say_it(double cpus, string expected) =>
        Assert.Equal(expected, RunText.Quota(cpus, CpuQuotaGroup.PeriodMicroseconds, "v1"));
}
