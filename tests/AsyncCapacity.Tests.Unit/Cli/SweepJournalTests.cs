using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Tests.Sweep;

namespace AsyncCapacity.Tests.Cli;

/// <summary>The sweep's journal on disk: what --resume reads back is what the sweep wrote, probe by probe, even cut short.</summary>
public sealed class SweepJournalTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-journal-").FullName;

    [Fact]
    public async Task Every_probe_is_read_back_as_written_and_a_line_cut_short_by_a_killed_sweep_is_left_out()
    {
        // Arrange: a search probe with its step, timeline and app, and a held load with its reading
        var plan = Simulation.Plan(new SearchPolicy { Coarse = [1, 10] });
        var app = new SimulatedApp(c => new SimulatedLaunch(c <= 5, c <= 5 ? -1 : 1));
        var order = new ProbeOrder(plan, "v", 10, 4, 1, 1, new SearchProbe(ProbePass.Coarse, new ProbeReason(ProbeReasonKind.CoarsePass)));
        var probe = await app.RunAsync(order, CancellationToken.None);
        var hold = new ProbeOrder(plan, "v", 20, 120, 1, 2, new HoldProbe(new HoldTerms(20, Simulation.Sla, false), null));
        var why = FailedProbe.LoadGeneratorFailed(107, "it ended before its load started");
        var held = new ProbeAnswer(null) { Hold = HoldReading.Failed(20, why) };
        var journal = new SweepJournal(_folder);
        var start = new SweepStart(["-e", "sleep", "--out", _folder], "/work", DateTimeOffset.UnixEpoch);

        // Act
        await journal.BeginAsync(start, resumed: false);
        await journal.AppendAsync(order, probe);
        await journal.AppendAsync(hold, held);
        await File.AppendAllTextAsync(Path.Combine(_folder, "raw", "probes.jsonl"), "{\"experiment\":\"sim\",\"vari");
        var read = await journal.ProbesAsync(CancellationToken.None);
        var started = await journal.StartAsync(CancellationToken.None);

        // Assert
        Assert.True(SweepJournal.Holds(_folder));
        Assert.Equal(start.Arguments, started.Arguments);
        Assert.Equal((start.WorkingDirectory, start.StartedAt), (started.WorkingDirectory, started.StartedAt));
        Assert.Equal(2, read.Count);
        Assert.True(read[0].Answers(order));
        Assert.True(read[1].Answers(hold));
        Assert.Equal(probe.Step!.Result.P95Ms, read[0].Answer.Step!.Result.P95Ms);
        Assert.Equal(probe.App!.ProcessorCount, read[0].Answer.App!.ProcessorCount);
        Assert.Equal(HoldEnd.Failed, read[1].Answer.Hold!.EndedBy);
        Assert.Equal(why, read[1].Answer.Hold!.Failure);
        Assert.Null(read[1].Answer.Step);
    }

    [Fact]
    public async Task A_new_sweep_into_the_same_folder_starts_its_journal_afresh_and_a_resumed_one_keeps_it()
    {
        // Arrange
        var plan = Simulation.Plan(new SearchPolicy { Coarse = [1] });
        var order = new ProbeOrder(plan, "v", 1, 4, 1, 1, new SearchProbe(ProbePass.Coarse, new ProbeReason(ProbeReasonKind.CoarsePass)));
        var answer = await new SimulatedApp(_ => new SimulatedLaunch(true, -1)).RunAsync(order, CancellationToken.None);
        var journal = new SweepJournal(_folder);
        var start = new SweepStart([], "/work", DateTimeOffset.UnixEpoch);
        await journal.BeginAsync(start, resumed: false);
        await journal.AppendAsync(order, answer);

        // Act
        await journal.BeginAsync(start, resumed: true);
        var kept = await journal.ProbesAsync(CancellationToken.None);
        await journal.BeginAsync(start, resumed: false);
        var afresh = await journal.ProbesAsync(CancellationToken.None);

        // Assert
        Assert.Single(kept);
        Assert.Empty(afresh);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
