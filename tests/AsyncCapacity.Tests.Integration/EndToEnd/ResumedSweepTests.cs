using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Sweep;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// Nothing measured is lost: a real sweep (the app, k6) stopped by SIGINT after its second probe writes a partial report of the two
/// and says how to go on; `capacity sweep --resume` replays them as the search asks for them again, runs the rest, and writes the
/// whole report. Its capacities are what the search gives from those probes. A cheap sweep: sleep at 1 and 4 clients, 2 search
/// probes (with 1, sync can be done after its two steps, and the stop would fall between the variants), 1 s warm-up + 2 s
/// windows (longer than the SLA's 1 s), no stacks.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class ResumedSweepTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string[] Sweep =
        ["sweep", "-e", "sleep", "--profile", "quick", "--warmup", "1", "--step-seconds", "2", "--steps", "1,4", "--probes", "2",
            "--stacks", "off"];

    private readonly string _output = Directory.CreateTempSubdirectory("capacity-resume-").FullName;

    [Fact]
    public async Task A_sweep_stopped_after_two_probes_leaves_a_partial_report_and_resumed_ends_with_the_capacities_of_its_probes()
    {
        // Act: Ctrl+C once the second probe's line is out, then --resume
        var probesDone = 0;
        var (stoppedExit, stopped) = await CliProcess.InterruptedAsync(log, TimeSpan.FromMinutes(10),
            line => line.Contains(" req/s   p95 ", StringComparison.Ordinal) && Interlocked.Increment(ref probesDone) == 2,
            [.. Sweep, "--out", _output]);
        var partial = await ReadAsync();
        var (resumedExit, resumed) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(10), "sweep", "--resume", _output);
        var whole = await ReadAsync();

        // Assert: the partial report, marked so, with the two probes and how to go on
        Assert.True(stoppedExit == 130, $"the stopped sweep exited {stoppedExit}:\n{stopped}");
        Assert.Contains("Partial report of the 2 probes finished", stopped, StringComparison.Ordinal);
        Assert.Contains($"Go on from them with: capacity sweep --resume {_output}", stopped, StringComparison.Ordinal);
        Assert.Equal((PartialReason.Interrupted, 2), (partial.Partial?.Because, partial.Partial?.Probes));
        Assert.Equal(["sleep:sync", "sleep:async"], partial.Partial!.Unfinished);
        Assert.Equal(2, Assert.Single(partial.Experiments).Variants.Single(v => v.Name == "sync").Steps.Count);

        // Assert: resumed, the two replayed and the rest run; the whole report, not partial
        Assert.True(resumedExit == 0, $"the resumed sweep exited {resumedExit}:\n{resumed}");
        Assert.Contains("Resuming the sweep in ", resumed, StringComparison.Ordinal);
        Assert.Equal(2, resumed.Split('\n').Count(l => l.EndsWith("(recorded)", StringComparison.Ordinal)));
        Assert.Null(whole.Partial);
        Assert.DoesNotContain("Partial: ", await File.ReadAllTextAsync(Path.Combine(_output, "index.html")), StringComparison.Ordinal);
        var sleep = Assert.Single(whole.Experiments);
        Assert.Equal(2, sleep.Plan?.SearchProbes);
        Assert.Equal(partial.Experiments[0].Variants[0].Steps.Select(s => s.Concurrency),
            sleep.Variants[0].Steps.Take(2).Select(s => s.Concurrency));

        // Assert: every probe of both runs, replayed through the lab's loop, gives the capacities the report gives
        var replayed = await ReplayAsync();
        Assert.All(sleep.Variants, v => Assert.Equal(
            (v.Capacity?.Concurrency, v.Capacity?.Estimate, v.Capacity?.AtLeastBecause),
            replayed.Single(r => r.Name == v.Name) is var r ? (r.Capacity?.Concurrency, r.Capacity?.Estimate, r.Capacity?.AtLeastBecause)
                : default));
    }

    private async Task<ResultsDocument> ReadAsync()
    {
        var path = Path.Combine(_output, "results.json");
        return ResultsJson.Deserialize(await File.ReadAllTextAsync(path), path);
    }

    /// <summary>The sweep's journal played through the loop with nothing live behind it: the search must ask for exactly its probes.</summary>
    private async Task<IReadOnlyList<VariantResult>> ReplayAsync()
    {
        var recorded = await new SweepJournal(_output).ProbesAsync(CancellationToken.None);
        var (command, build) = SweepCommand.Build();
        var request = build(new RootCommand { command }.Parse(Sweep));
        var plan = ExperimentPlans.Of(request, KernelLimits.OpenFiles());
        var port = new ReplayPort(recorded, new SimulatedApp(load => throw new InvalidOperationException($"not recorded: {load}")));
        var record = new SweepRecord();
        await new SweepLoop(port, new SilentProgress()).RunAsync(plan, Simulation.Facts(plan), record, CancellationToken.None);
        Assert.Equal(0, port.Unasked);
        return record.Results(plan, []).Single().Variants;
    }

    public void Dispose()
    {
        if (Environment.GetEnvironmentVariable("CAPACITY_KEEP_E2E") != "1")
        {
            Directory.Delete(_output, recursive: true);
        }
    }
}
