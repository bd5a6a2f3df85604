using System.Globalization;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Observe;

/// <summary>Reads the machine's and the load generator's CPU from /proc once a second, so the report can flag steps where k6 competed with
/// the app for cores, and, under --app-cpus, the app's throttling from its cgroup's cpu.stat. On systems without /proc it records
/// nothing and the columns stay empty.</summary>
internal sealed class HostCpuSampler : IAsyncDisposable
{
    private readonly List<Reading> _readings = [];
    private readonly Lock _lock = new();
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _loop;
    private readonly CpuQuotaGroup? _quota;
    private int[] _loadGeneratorPids = [];

    /// <summary>Each tracked process's last CPU ticks: a split probe's runners end one by one, and a runner gone keeps counting what it
    /// used, so that their sum never falls.</summary>
    private readonly Dictionary<int, long> _lastTicks = [];

    public HostCpuSampler(CpuQuotaGroup? quota = null)
    {
        _quota = quota;
        _loop = Task.Run(SampleAsync);
    }

    /// <summary>The processes whose CPU counts as the load generator's from now on (one k6, or the local runners of a split probe).
    /// </summary>
    public void Track(IReadOnlyList<int> pids)
    {
        lock (_lock)
        {
            _lastTicks.Clear();
        }

        Volatile.Write(ref _loadGeneratorPids, [.. pids]);
        Sample();
    }

    /// <summary>CPU between two moments (Unix ms), from the readings that bracket them; null without two readings.</summary>
    public HostCpu? Window(long fromMs, long toMs)
    {
        lock (_lock)
        {
            var inside = _readings.Where(r => r.TimestampMs >= fromMs && r.TimestampMs <= toMs + 1000).ToList();
            if (inside.Count < 2)
            {
                return null;
            }

            var (first, last) = (inside[0], inside[^1]);
            var total = last.MachineTotal - first.MachineTotal;
            if (total <= 0)
            {
                return null;
            }

            // The generator's /proc entry vanishes when it exits; count only readings taken while it ran.
            var running = inside.Where(r => r.PidTicks > 0).ToList();
            var sameProcess = running.Count > 0 ? running.Where(r => r.Pid == running[^1].Pid).ToList() : running;
            var loadGenerator = sameProcess.Count >= 2 ? sameProcess[^1].PidTicks - sameProcess[0].PidTicks : 0;
            var loadGeneratorTotal = sameProcess.Count >= 2 ? sameProcess[^1].MachineTotal - sameProcess[0].MachineTotal : 1;
            return new HostCpu(
                Math.Round(100.0 * (last.MachineBusy - first.MachineBusy) / total, 1),
                Math.Round(100.0 * loadGenerator / Math.Max(1, loadGeneratorTotal), 1),
                sameProcess.Count > 0 ? Math.Round(sameProcess.Max(r => r.PidRssBytes) / 1024.0 / 1024.0, 1) : null,
                last.Throttled is { } end && first.Throttled is { } start ? end.Since(start) : null);
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _loop;
        _stop.Dispose();
    }

    private async Task SampleAsync()
    {
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1));
        try
        {
            do
            {
                Sample();
            }
            while (await timer.WaitForNextTickAsync(_stop.Token));
        }
        catch (OperationCanceledException)
        {
            // Stopped.
        }
    }

    private void Sample()
    {
        if (ReadMachine() is not var (busy, total))
        {
            return;
        }

        var pids = Volatile.Read(ref _loadGeneratorPids);
        var processes = pids.Select(p => (Pid: p, Read: ReadProcess(p))).ToList();
        long ticks;
        lock (_lock)
        {
            foreach (var (id, read) in processes.Where(p => p.Read.Ticks > 0))
            {
                _lastTicks[id] = read.Ticks;
            }

            ticks = processes.Any(p => p.Read.Ticks > 0) ? pids.Sum(p => _lastTicks.GetValueOrDefault(p)) : 0;
        }

        // The readings of one probe's processes are told from the next probe's by the first process's id.
        var (pid, rss) = (pids.FirstOrDefault(), processes.Sum(p => p.Read.RssBytes));
        var reading = new Reading(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), busy, total, pid, ticks, rss, _quota?.Read());
        lock (_lock)
        {
            _readings.Add(reading);
        }
    }

    /// <summary>First line of /proc/stat: "cpu user nice system idle iowait irq softirq steal ..." in clock ticks.</summary>
    internal static (long Busy, long Total)? ReadMachine()
    {
        try
        {
            var fields = File.ReadLines("/proc/stat").First()
                .Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Take(8)
                .Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
            var total = fields.Sum();
            return (total - fields[3] - fields[4], total);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
    }

    /// <summary>utime + stime (fields 14 and 15 of /proc/PID/stat, counted after the parenthesised name) and the resident set (field 24, in
    /// pages): k6 holds 1-5 MB per virtual user, so at 10,000 clients its memory is a figure to watch.</summary>
    internal static (long Ticks, long RssBytes) ReadProcess(int pid)
    {
        if (pid == 0)
        {
            return (0, 0);
        }

        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
            return (long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture),
                long.Parse(fields[21], CultureInfo.InvariantCulture) * Environment.SystemPageSize);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or FormatException or IndexOutOfRangeException)
        {
            return (0, 0);
        }
    }

    private sealed record Reading(
        long TimestampMs, long MachineBusy, long MachineTotal, int Pid, long PidTicks, long PidRssBytes, Throttling? Throttled);
}
