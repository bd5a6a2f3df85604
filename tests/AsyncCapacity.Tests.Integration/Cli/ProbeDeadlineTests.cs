using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Sweep;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Sweep;

namespace AsyncCapacity.Tests.Cli;

/// <summary>
/// A sweep never hangs: a probe whose load generator never ends (k6 out of file descriptors, waiting on an app that never closes)
/// is stopped at its deadline, its load disposed, and answered as failed with the reason, kept in the journal; the sweep goes on.
/// The app is the lab's on loopback; no load is sent.
/// </summary>
public sealed class ProbeDeadlineTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-deadline-").FullName;

    [Fact]
    public async Task A_probe_past_its_deadline_is_stopped_and_answered_as_failed_and_the_journal_keeps_it()
    {
        // Arrange: a 1 s window and a 1 s margin; a running app; a load generator that never ends
        await using var host = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await host.StartAsync();
        var source = await RunningTarget.CheckAsync(AppHostFixture.Address(host), 0, null, null, CancellationToken.None);
        var plan = Simulation.Plan(new SearchPolicy { Coarse = [1] }) with
        {
            Timing = new ProbeTiming(0, 1, 0, 0) { DeadlineMargin = TimeSpan.FromSeconds(1) },
        };
        var load = new EndlessLoad();
        await using var cpu = new HostCpuSampler();
        var run = new SweepContext(new SweepRequest { Stacks = false }, _folder, new ConsoleProgress([1], TimeSpan.FromSeconds(2)),
            source, load, cpu, null, RepositoryLayout.Find());
        var journal = new SweepJournal(_folder);
        await journal.BeginAsync(new SweepStart([], _folder, DateTimeOffset.UtcNow), resumed: false);
        var order = new ProbeOrder(plan, "v", 1, 1, 1, 1, new SearchProbe(ProbePass.Coarse, new ProbeReason(ProbeReasonKind.CoarsePass)));

        // Act
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var answer = await new AppProbes(run, journal).RunAsync(order, CancellationToken.None);

        // Assert: stopped within moments of its 2 s deadline, its load gone, the failure kept with its reason
        Assert.InRange(clock.Elapsed, TimeSpan.FromSeconds(1.5), TimeSpan.FromSeconds(15));
        Assert.True(load.Disposed);
        var flag = Assert.Single(answer.Measured.Result.Flags);
        Assert.Equal((StepFlagKind.PastDeadline, 2.0), (flag.Kind, flag.Seconds));
        Assert.True(Assert.Single(await journal.ProbesAsync(CancellationToken.None)).Answer.Measured.Result.Failed);
    }

    [Fact]
    public async Task A_sweep_stopped_during_a_probe_is_not_a_failed_probe_but_an_interruption()
    {
        // Arrange
        await using var host = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await host.StartAsync();
        var source = await RunningTarget.CheckAsync(AppHostFixture.Address(host), 0, null, null, CancellationToken.None);
        var plan = Simulation.Plan(new SearchPolicy { Coarse = [1] });
        await using var cpu = new HostCpuSampler();
        var run = new SweepContext(new SweepRequest { Stacks = false }, _folder, new ConsoleProgress([1], TimeSpan.FromSeconds(2)),
            source, new EndlessLoad(), cpu, null, RepositoryLayout.Find());
        var journal = new SweepJournal(_folder);
        await journal.BeginAsync(new SweepStart([], _folder, DateTimeOffset.UtcNow), resumed: false);
        var order = new ProbeOrder(plan, "v", 1, 1, 1, 1, new SearchProbe(ProbePass.Coarse, new ProbeReason(ProbeReasonKind.CoarsePass)));
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(1));

        // Act / Assert
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => new AppProbes(run, journal).RunAsync(order, stop.Token));
        Assert.Empty(await journal.ProbesAsync(CancellationToken.None));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>A load generator whose run starts nothing and never ends, as k6 stuck on sockets it cannot open.</summary>
    private sealed class EndlessLoad : ILoadGenerator, ILoadRun
    {
        private readonly TaskCompletionSource<long> _never = new();
        private readonly TaskCompletionSource<int> _exited = new();

        public bool Disposed { get; private set; }

        public string Version => "endless";

        public IReadOnlyList<int> ProcessIds => [Environment.ProcessId];

        public Task<long> ScenariosStart => _never.Task;

        public Task<int> Exited => _exited.Task;

        public Task<ILoadRun> StartAsync(LoadSpec spec, CancellationToken cancellationToken) => Task.FromResult<ILoadRun>(this);

        public Task<BaselineLoad> RunBaselineAsync(BaselineSpec spec, Action<int> started, CancellationToken cancellationToken) =>
            throw new NotSupportedException();

        public Task<IReadOnlyList<CountedSecond>> CountedAsync(CancellationToken cancellationToken) =>
            Task.FromResult<IReadOnlyList<CountedSecond>>([]);

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

        public Task<MeasuredRun> ResultsAsync(CancellationToken cancellationToken) => throw new InvalidOperationException("it never ended");

        public ValueTask DisposeAsync()
        {
            Disposed = true;
            return ValueTask.CompletedTask;
        }
    }
}
