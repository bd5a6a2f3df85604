using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// A probe split over several k6 runners as a user runs it: `--load-runners 2` (two k6 processes here, each on a CPU of its own) against
/// one k6 at the same load, then `--load-hosts` over a real SSH server on loopback (openssh-server), and the hosts that fail: one that
/// refuses and one without k6. Real k6, the real app, one short probe each.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class SplitLoadSweepTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string[] Probe =
        ["sweep", "-e", "sleep:async", "--search", "off", "--steps", "200", "--warmup", "1", "--step-seconds", "3", "--stacks", "off"];

    private readonly string _output = Directory.CreateTempSubdirectory("capacity-split-").FullName;

    private string Out(string name) => Path.Combine(_output, name);

    [Fact]
    public async Task Two_local_runners_merge_into_what_one_k6_measures_at_the_same_load_and_each_says_its_share()
    {
        // Act: one k6, then two runners at the same load (200 clients, each awaiting a 500 ms delay: 400 req/s whoever sends them)
        var (oneExit, oneConsole) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(3), [.. Probe, "--out", Out("one")]);
        var (twoExit, twoConsole) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(3),
            [.. Probe, "--load-runners", "2", "--out", Out("two")]);

        // Assert: both ran; the plan said how the load was split
        Assert.True(oneExit == 0, $"one k6: exit {oneExit}\n{oneConsole}");
        Assert.True(twoExit == 0, $"two runners: exit {twoExit}\n{twoConsole}");
        Assert.Contains("every probe split over 2 k6 runners (execution segments, results merged exactly", twoConsole, StringComparison.Ordinal);
        var one = Step(Out("one"));
        var (two, run) = (Step(Out("two")), Run(Out("two")));
        Assert.Equal(2, run.LoadRunners!.Count);

        // Assert: the merge is the sum of the runners' parts, which started together and had their CPU read
        var runners = two.Runners!;
        Assert.Equal(2, runners.Count);
        Assert.Equal(two.Requests, runners.Sum(r => r.Requests));
        Assert.All(runners, r => Assert.InRange(r.Requests, two.Requests / 4, two.Requests * 3 / 4));
        Assert.DoesNotContain(two.Flags, f => f.Kind == StepFlagKind.RunnersApart);
        Assert.All(runners, r => Assert.NotNull(r.CpuPercent));
        Assert.InRange(two.P95Ms!.Value, runners.Min(r => r.P95Ms!.Value), runners.Max(r => r.P95Ms!.Value));

        // Assert: the same load measured alike, split or not: the SLA met, the rate within a tenth, the p95 within 250 ms of the 500 ms delay
        Assert.True(one.MeetsSla && two.MeetsSla, $"one k6 {one.P95Ms} ms, two runners {two.P95Ms} ms");
        Assert.InRange(two.Rps, one.Rps * 0.9, one.Rps * 1.1);
        Assert.InRange(two.P95Ms.Value, 500, 750);
        Assert.InRange(one.P95Ms!.Value, 500, 750);

        // Assert: the report's header says the runners, and each step's row what each counted
        var html = await File.ReadAllTextAsync(Path.Combine(Out("two"), "index.html"));
        Assert.Contains("every probe split over 2 k6 runners", html, StringComparison.Ordinal);
        Assert.Contains("2 k6 runners, merged exactly", html, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Runners_over_SSH_run_the_probe_leave_nothing_behind_and_a_host_that_refuses_or_lacks_k6_fails_the_probe_in_one_line()
    {
        // Arrange: sshd on loopback; k6 at its path on that "host"
        await using var ssh = await SshServer.StartAsync();
        var k6 = (await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), _output, CancellationToken.None)).Path;
        var before = SshServer.RunnerFolders();

        // Act: two runners on the one host
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(3),
            [.. Probe, "--load-hosts", "127.0.0.1,127.0.0.1", "--load-k6", k6, "--ssh-config", ssh.Config, "--out", Out("ssh")]);

        // Assert: measured, merged, named apart, and the host's temporary folders gone
        Assert.True(exitCode == 0, $"exit {exitCode}\n{console}");
        var step = Step(Out("ssh"));
        Assert.Equal(["ssh 127.0.0.1", "ssh 127.0.0.1 (2)"], Run(Out("ssh")).LoadRunners!.Select(r => r.Name));
        var runners = step.Runners!;
        Assert.Equal(step.Requests, runners.Sum(r => r.Requests));
        Assert.True(step.MeetsSla, $"p95 {step.P95Ms} ms");
        Assert.All(runners, r => Assert.NotNull(r.CpuPercent));
        Assert.Equal(before, SshServer.RunnerFolders());

        // Act: a host that refuses the connection, then one without k6
        var (refusedExit, refused) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(2),
            [.. Probe, "--load-hosts", "127.0.0.1", "--ssh-config", ssh.RefusingConfig, "--out", Out("refused")]);
        var (missingExit, missing) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(2),
            [.. Probe, "--load-hosts", "127.0.0.1", "--load-k6", "/nonexistent/k6", "--ssh-config", ssh.Config, "--out", Out("missing")]);

        // Assert: one clear line each, the probe recorded as failed, the sweep ended as a harness failure, nothing left running
        Assert.Equal(ExitCodes.HarnessFailure, refusedExit);
        Assert.Matches(@"warning: k6 runner ssh 127\.0\.0\.1 ended before its test started \(exit 255\): ssh: connect to host 127\.0\.0\.1 port \d+: "
            + "Connection refused", refused);
        Assert.Contains(Step(Out("refused")).Flags, f => f.Kind == StepFlagKind.LoadGeneratorFailed);
        Assert.Equal(ExitCodes.HarnessFailure, missingExit);
        Assert.Contains("ended before its test started (exit 127): asynccapacity-runner: no k6 at '/nonexistent/k6'", missing,
            StringComparison.Ordinal);
        Assert.Equal(before, SshServer.RunnerFolders());
    }

    [Fact]
    public async Task The_plan_says_the_runners_and_a_held_load_is_refused_with_them()
    {
        var (planExit, plan) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), [.. Probe, "--load-runners", "3", "--dry-run"]);
        Assert.True(planExit == 0, plan);
        Assert.Contains("Load: every probe split over 3 k6 runners", plan, StringComparison.Ordinal);
        Assert.Contains("all of them paused until every one has its clients, then resumed together", plan, StringComparison.Ordinal);

        var (heldExit, held) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), [.. Probe, "--load-runners", "2", "--sustain", "--dry-run"]);
        Assert.Equal(ExitCodes.BadArguments, heldExit);
        Assert.Contains("--sustain reads a held load second by second from one k6's REST API", held, StringComparison.Ordinal);

        var (badExit, bad) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), [.. Probe, "--load-hosts", "k6@load1:99999", "--dry-run"]);
        Assert.Equal(ExitCodes.BadArguments, badExit);
        Assert.Contains("--load-hosts takes [user@]host[:port], comma-separated", bad, StringComparison.Ordinal);

        var (farExit, far) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), [.. Probe, "--load-hosts", "k6@load1", "--dry-run"]);
        Assert.Equal(ExitCodes.BadArguments, farExit);
        Assert.Contains("--load-hosts k6@load1: the app the sweep starts listens on 127.0.0.1 here, which that host cannot reach", far,
            StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private static RunInfo Run(string folder) =>
        ResultsJson.Deserialize(File.ReadAllText(Path.Combine(folder, "results.json")), "results.json").Run;

    private static StepResult Step(string folder) =>
        ResultsJson.Deserialize(File.ReadAllText(Path.Combine(folder, "results.json")), "results.json")
            .Experiments.Single().Variants.Single().Steps.Single();
}
