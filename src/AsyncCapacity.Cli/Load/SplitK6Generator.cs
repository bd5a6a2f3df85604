using AsyncCapacity.Cli.Options;
using System.Globalization;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

/// <summary>
/// A probe split over several k6 runners with k6's execution segments (runner i of N runs segment i/N:(i+1)/N of the sequence
/// 0,1/N,…,1): each gets its share of the clients or arrivals. The test is packed once (`k6 archive`, the script and the declaration it
/// opens) and run by every runner paused; once all have initialised their clients they are resumed together through their REST APIs,
/// so their scenarios start within milliseconds of each other (the gap is recorded and flagged past a quarter of the warm-up). Each
/// prints its results on one line, with the durations on either side of the SLA counted (SLA_SPLIT=1), and they merge exactly
/// (<see cref="RunnerMerge"/>).
/// </summary>
internal sealed class SplitK6Generator(K6Tool k6, RepositoryLayout layout, string rawDirectory, IReadOnlyList<LoadRunner> runners)
    : ILoadGenerator
{
    /// <summary>k6 v2's execution status while it waits, paused, for its resume (lib.ExecutionStatusPausedBeforeRun).</summary>
    private const int PausedBeforeRun = 4;

    /// <summary>How long the runners may take to connect and initialise their clients (thousands take seconds) before the probe fails.
    /// </summary>
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(90);

    public string Version => k6.Version;

    public async Task<ILoadRun> StartAsync(LoadSpec spec, CancellationToken cancellationToken)
    {
        var archive = await ArchiveAsync(k6, layout, rawDirectory, spec, cancellationToken);
        var bytes = await File.ReadAllBytesAsync(archive, cancellationToken);
        var started = new List<Runner>();
        try
        {
            for (var i = 0; i < runners.Count; i++)
            {
                started.Add(await Task.Run(() => Start(runners[i], i, spec, archive, bytes), cancellationToken));
            }

            await Task.WhenAll(started.Select(r => r.WaitPausedAsync(cancellationToken)));
            var resumedAtMs = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
            await Task.WhenAll(started.Select(r => r.ResumeAsync(cancellationToken)));
            return new SplitRun(started, resumedAtMs, spec.Name);
        }
        catch
        {
            foreach (var runner in started)
            {
                await runner.DisposeAsync();
            }

            throw;
        }
    }

    public Task<BaselineLoad> RunBaselineAsync(BaselineSpec spec, Action<int> started, CancellationToken cancellationToken) =>
        K6Baseline.RunAsync(k6, layout, spec, started, cancellationToken);

    /// <summary>The segments of N runners: "0,1/N,…,1" and runner i's "i/N:(i+1)/N".</summary>
    public static (string Sequence, string Segment) Segments(int runner, int count)
    {
        string Fraction(int i) => i == 0 ? "0" : i == count ? "1" : string.Create(CultureInfo.InvariantCulture, $"{i}/{count}");
        return (string.Join(',', Enumerable.Range(0, count + 1).Select(Fraction)), $"{Fraction(runner)}:{Fraction(runner + 1)}");
    }

    /// <summary>The probe's test as one file: sweep.js, its modules and the declaration, with every setting baked in and its results
    /// printed on one line with the SLA's split counted (RESULTS_FILE=-, SLA_SPLIT=1), so that a runner anywhere (another host, a
    /// k6-operator pod) needs k6 and this file only.</summary>
    public static async Task<string> ArchiveAsync(
        K6Tool k6, RepositoryLayout layout, string directory, LoadSpec spec, CancellationToken cancellationToken)
    {
        var archive = Path.Combine(directory, $"{spec.Name}-k6.tar");
        var environment = K6Environment.Of(spec with { Live = null }, layout, "-");
        environment["SLA_SPLIT"] = "1";
        var log = Path.Combine(directory, $"{spec.Name}-k6-archive.log");
        await using var pack = k6.Archive(layout, layout.SweepScript, environment, archive, log);
        var exitCode = await pack.WaitForExitAsync(cancellationToken);
        return exitCode == 0 && File.Exists(archive)
            ? archive
            : throw new LoadFailedException($"k6 archive failed (exit {exitCode}) on {spec.Name}; see {pack.LogPath}:{Environment.NewLine}"
                + pack.Tail(), exitCode, pack.Tail().Split('\n').LastOrDefault());
    }

    private Runner Start(LoadRunner where, int index, LoadSpec spec, string archive, byte[] bytes)
    {
        var (sequence, segment) = Segments(index, runners.Count);
        var api = LoopbackPort.Free();
        var log = Path.Combine(rawDirectory, string.Create(CultureInfo.InvariantCulture, $"{spec.Name}-k6-runner{index + 1}.log"));
        var lines = new RunnerLines();
        switch (where)
        {
            case LocalRunner local:
                {
                    string[] arguments = [.. RunArguments(api, sequence, segment), archive];
                    var process = ChildProcess.Start(k6.Path, ["run", .. arguments], layout.Root,
                        new Dictionary<string, string> { ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false", ["K6_NO_USAGE_REPORT"] = "true" },
                        log, lines.Read, local.Cpus);
                    // Runners that share their CPUs each have their share of them.
                    return new Runner(where, process, new K6Api(api), lines, (double)local.CpuCount / local.SharedWith);
                }

            case SshRunner ssh:
                {
                    // k6's REST API listens on the host's loopback; ssh forwards a port of ours to it.
                    var remote = LoopbackPort.Free();
                    string[] words =
                        [ssh.K6, bytes.Length.ToString(CultureInfo.InvariantCulture), "run", .. RunArguments(remote, sequence, segment)];
                    var command = "sh -c " + Quote(RunnerLines.RemoteScript) + " asynccapacity-runner "
                        + string.Join(' ', words.Select(Quote));
                    var process = ChildProcess.Start("ssh", [.. SshArguments(ssh), "-L", $"127.0.0.1:{api}:127.0.0.1:{remote}",
                        ssh.Destination, command], layout.Root, new Dictionary<string, string>(), log, lines.Read, input: bytes);
                    return new Runner(where, process, new K6Api(api), lines, null);
                }

            default:
                throw new ArgumentOutOfRangeException(nameof(where), where, "Unknown runner.");
        }
    }

    private static string[] RunArguments(int apiPort, string sequence, string segment) =>
    [
        "--quiet", "--no-color", "--paused", "--address", $"127.0.0.1:{apiPort}",
        "--execution-segment", segment, "--execution-segment-sequence", sequence,
    ];

    /// <summary>No prompt (a missing key fails at once), a bounded connect, and a forward that must work.</summary>
    public static IEnumerable<string> SshArguments(SshRunner ssh) =>
    [
        .. ssh.Config is null ? [] : new[] { "-F", ssh.Config },
        .. ssh.Port is { } port ? new[] { "-p", port.ToString(CultureInfo.InvariantCulture) } : [],
        "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-o", "ExitOnForwardFailure=yes", "-o", "ServerAliveInterval=5",
    ];

    /// <summary>One word for the remote shell, in single quotes.</summary>
    private static string Quote(string word) => "'" + word.Replace("'", "'\\''", StringComparison.Ordinal) + "'";

    /// <summary>One runner while it runs: its process (k6 here, or ssh), its REST API, what it printed.</summary>
    /// <param name="localCpus">A local runner's CPUs (its share of them, where runners share them); null for a remote one.</param>
    private sealed class Runner(LoadRunner where, ChildProcess process, K6Api api, RunnerLines lines, double? localCpus) : IAsyncDisposable
    {
        private readonly CancellationTokenSource _stop = new();
        private Task? _cpu;

        public LoadRunner Where => where;

        public ChildProcess Process => process;

        public RunnerLines Lines => lines;

        public bool IsLocal => localCpus is not null;

        public async Task WaitPausedAsync(CancellationToken cancellationToken)
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(ReadyTimeout);
            var exited = process.WaitForExitAsync(timeout.Token);
            while (!exited.IsCompleted)
            {
                if (await api.StatusAsync(timeout.Token) == PausedBeforeRun)
                {
                    return;
                }

                try
                {
                    await Task.WhenAny(exited, Task.Delay(200, timeout.Token));
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    break;
                }

                if (timeout.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
                {
                    break;
                }
            }

            cancellationToken.ThrowIfCancellationRequested();
            throw Failed(exited.IsCompletedSuccessfully ? exited.Result : -1,
                exited.IsCompletedSuccessfully ? "ended before its test started" : $"was not ready within {ReadyTimeout.TotalSeconds:0} s");
        }

        public async Task ResumeAsync(CancellationToken cancellationToken)
        {
            await api.ResumeAsync(cancellationToken);
            // Nothing more is asked of it: an idle connection through ssh's forward would keep ssh open after k6 has ended.
            api.Dispose();
            if (localCpus is { } cpus)
            {
                _cpu = WatchCpuAsync(cpus);
            }
        }

        public LoadFailedException Failed(int exitCode, string why)
        {
            var tail = process.Tail();
            var words = RunnerLines.LastWords(tail);
            return new LoadFailedException(
                $"k6 runner {where.Name} {why} (exit {exitCode}){(words is null ? "" : $": {words}")}; see {process.LogPath}",
                exitCode, words is null ? $"runner {where.Name}" : $"runner {where.Name}: {words}");
        }

        public async ValueTask DisposeAsync()
        {
            await _stop.CancelAsync();
            if (_cpu is not null)
            {
                await _cpu;
            }

            _stop.Dispose();
            api.Dispose();
            await process.DisposeAsync();
        }

        /// <summary>A local k6's CPU, read from /proc twice a second as the remote script reads it.</summary>
        private async Task WatchCpuAsync(double cpus)
        {
            var machineCpus = Environment.ProcessorCount;
            using var timer = new PeriodicTimer(TimeSpan.FromMilliseconds(500));
            try
            {
                do
                {
                    if (!process.HasExited && HostCpuSampler.ReadMachine() is var (_, total)
                        && HostCpuSampler.ReadProcess(process.Id) is var (ticks, _) && ticks > 0)
                    {
                        lines.Add(new CpuReading(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), ticks, total, machineCpus, cpus));
                    }
                }
                while (!process.HasExited && await timer.WaitForNextTickAsync(_stop.Token));
            }
            catch (OperationCanceledException)
            {
                // The probe is over.
            }
        }
    }

    /// <summary>The split probe while it runs: done when every runner is; its results the runners' merged.</summary>
    private sealed class SplitRun(IReadOnlyList<Runner> runners, long resumedAtMs, string name) : ILoadRun
    {
        private readonly Task<int> _exited = ExitedAsync(runners);

        public IReadOnlyList<int> ProcessIds => [.. runners.Where(r => r.IsLocal).Select(r => r.Process.Id)];

        /// <summary>The last runner's start: from then on the whole load is on.</summary>
        public Task<long> ScenariosStart => StartedAsync(runners);

        public Task<int> Exited => _exited;

        public async Task<MeasuredRun> ResultsAsync(CancellationToken cancellationToken)
        {
            await _exited;
            var results = new List<RunnerResults>();
            foreach (var runner in runners)
            {
                var exitCode = await runner.Process.WaitForExitAsync(cancellationToken);
                if (exitCode is not (0 or K6Tool.ThresholdsCrossedExitCode) || runner.Lines.Results is not { } json)
                {
                    throw runner.Failed(exitCode, "ended without its results");
                }

                MeasuredRun run;
                try
                {
                    run = K6ResultsFile.Parse(json, $"{runner.Where.Name}'s results");
                }
                catch (InvalidDataException ex)
                {
                    throw new LoadFailedException($"{ex.Message} ({name})", exitCode, ex.Message);
                }

                results.Add(new RunnerResults(runner.Where.Name, run, runner.Lines.Cpu(resumedAtMs)));
            }

            try
            {
                return RunnerMerge.Merge(results);
            }
            catch (InvalidDataException ex)
            {
                throw new LoadFailedException($"{ex.Message} ({name})", 0, ex.Message);
            }
        }

        public Task<IReadOnlyList<CountedSecond>> CountedAsync(CancellationToken cancellationToken) =>
            Task.FromResult<IReadOnlyList<CountedSecond>>([]);

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

        public async ValueTask DisposeAsync()
        {
            foreach (var runner in runners)
            {
                await runner.DisposeAsync();
            }
        }

        private static async Task<long> StartedAsync(IReadOnlyList<Runner> runners) =>
            (await Task.WhenAll(runners.Select(r => r.Lines.Started))).Max();

        /// <summary>The first failure's exit code, else 0 (or 99 where a runner's thresholds were crossed).</summary>
        private static async Task<int> ExitedAsync(IReadOnlyList<Runner> runners)
        {
            var codes = await Task.WhenAll(runners.Select(r => r.Process.WaitForExitAsync(CancellationToken.None)));
            return codes.FirstOrDefault(c => c is not (0 or K6Tool.ThresholdsCrossedExitCode), codes.Max());
        }
    }
}
