using System.Globalization;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

/// <summary>
/// What a runner of a split probe prints that the sweep reads: its results on one line (k6-scripts/lib/summary.js with RESULTS_FILE=-),
/// when its scenarios started (lib/experiment.js), and, for a runner over SSH, its CPU readings from <see cref="RemoteScript"/>.
/// The same lines come from a k6-operator runner's log (`capacity runners merge`).
/// </summary>
internal sealed class RunnerLines
{
    public const string ResultsMarker = "asynccapacity-results: ";
    public const string CpuMarker = "asynccapacity-cpu: ";
    private const string ScenariosStart = "asynccapacity: scenarios start at ";

    /// <summary>
    /// The runner's side of an SSH runner, run by sh on the host: its arguments are k6 (a path or a name on PATH), the size of the test's
    /// archive and k6 run's arguments; the archive comes on standard input, into a folder of its own that is removed on exit, so
    /// nothing is left behind. Standard input then stays open: when it closes (the sweep ended the probe, or its connection dropped),
    /// k6 is stopped. Every half second it prints k6's CPU ticks, the machine's and the CPUs k6 may use (proc(5): /proc/PID/stat
    /// fields 14-15, /proc/stat's first line), the CPU reading local runners take from /proc themselves.
    /// </summary>
    public const string RemoteScript = """
        k6=$1; size=$2; shift 2
        if ! command -v "$k6" >/dev/null 2>&1; then echo "asynccapacity-runner: no k6 at '$k6' on $(uname -n)" >&2; exit 127; fi
        dir=$(mktemp -d "${TMPDIR:-/tmp}/asynccapacity-runner.XXXXXX") || exit 126
        trap 'rm -rf "$dir"' EXIT
        head -c "$size" > "$dir/test.tar"
        if [ "$(wc -c < "$dir/test.tar")" -ne "$size" ]; then echo "asynccapacity-runner: the test arrived incomplete" >&2; exit 125; fi
        export K6_NEW_MACHINE_READABLE_SUMMARY=false K6_NO_USAGE_REPORT=true
        "$k6" "$@" "$dir/test.tar" &
        pid=$!
        exec 3<&0
        ( while read -r _; do :; done <&3; kill -TERM "$pid" ) >/dev/null 2>&1 &
        watch=$!
        cpus=$(nproc)
        while kill -0 "$pid" 2>/dev/null; do
          if read -r stat < "/proc/$pid/stat" 2>/dev/null && read -r _ a b c d e f g h _ < /proc/stat; then
            set -- $stat
            [ "$3" = Z ] && break
            echo "asynccapacity-cpu: $((${14} + ${15})) $((a + b + c + d + e + f + g + h)) $cpus"
          fi
          sleep 0.5
        done
        wait "$pid"; code=$?
        kill "$watch" 2>/dev/null
        exit $code
        """;

    private readonly Lock _lock = new();
    private readonly TaskCompletionSource<long> _started = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly List<CpuReading> _cpu = [];

    public string? Results { get; private set; }

    /// <summary>When its scenarios started (Unix ms), from the line its setup() prints after the resume.</summary>
    public Task<long> Started => _started.Task;

    public void Read(string line)
    {
        var results = line.IndexOf(ResultsMarker, StringComparison.Ordinal);
        if (results >= 0)
        {
            Results = line[(results + ResultsMarker.Length)..];
            return;
        }

        if (line.StartsWith(CpuMarker, StringComparison.Ordinal) && ParseCpu(line[CpuMarker.Length..]) is { } reading)
        {
            lock (_lock)
            {
                _cpu.Add(reading);
            }

            return;
        }

        if (ScenariosStartOf(line) is { } ms)
        {
            _started.TrySetResult(ms);
        }
    }

    /// <summary>When a probe's scenarios started (Unix ms), from the line k6-scripts/lib/experiment.js prints in setup(), which k6 logs
    /// as msg="asynccapacity: scenarios start at 1795462017038" source=console; null for any other line.</summary>
    public static long? ScenariosStartOf(string line)
    {
        var start = line.IndexOf(ScenariosStart, StringComparison.Ordinal);
        var digits = start < 0 ? [] : line.AsSpan(start + ScenariosStart.Length);
        digits = digits[..(digits.IndexOfAnyExceptInRange('0', '9') is var end and >= 0 ? end : digits.Length)];
        return long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var ms) ? ms : null;
    }

    /// <summary>Why a run ended, from its last lines: k6's last level=error line, ssh's or the runner script's, else its last line
    /// (CPU readings left out).</summary>
    public static string? LastWords(string tail)
    {
        string[] telling = ["level=error", "ssh:", "asynccapacity-runner:", "Permission denied"];
        var lines = tail.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Where(l => !l.StartsWith(CpuMarker, StringComparison.Ordinal)).ToList();
        var line = lines.LastOrDefault(l => telling.Any(t => l.Contains(t, StringComparison.Ordinal))) ?? lines.LastOrDefault();
        return line is null ? null : line.Length <= 200 ? line : line[..200];
    }

    public void Add(CpuReading reading)
    {
        lock (_lock)
        {
            _cpu.Add(reading);
        }
    }

    /// <summary>Its CPU from the first reading after <paramref name="sinceMs"/> to the last, as a share of the CPUs it could use.</summary>
    public RunnerCpu? Cpu(long sinceMs)
    {
        lock (_lock)
        {
            var readings = _cpu.Where(r => r.AtMs >= sinceMs).ToList();
            if (readings.Count < 2 || readings[^1].MachineTicks <= readings[0].MachineTicks)
            {
                return null;
            }

            var (first, last) = (readings[0], readings[^1]);
            var busy = (double)(last.ProcessTicks - first.ProcessTicks) / (last.MachineTicks - first.MachineTicks) * last.MachineCpus;
            return new RunnerCpu(Math.Round(100 * busy / last.Cpus, 1), (int)Math.Ceiling(last.Cpus));
        }
    }

    /// <summary>"PROCESS_TICKS MACHINE_TICKS CPUS": over SSH the host's k6 runs unpinned, so its CPUs are the machine's.</summary>
    private static CpuReading? ParseCpu(string text)
    {
        var fields = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return fields.Length == 3
            && long.TryParse(fields[0], NumberStyles.None, CultureInfo.InvariantCulture, out var process)
            && long.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var machine)
            && int.TryParse(fields[2], NumberStyles.None, CultureInfo.InvariantCulture, out var cpus) && cpus > 0
                ? new CpuReading(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), process, machine, cpus, cpus)
                : null;
    }
}

/// <summary>One reading of a runner's CPU: its process's ticks and the machine's (all CPUs), how many CPUs the machine has and
/// how many the runner could use (half of one where two runners share it).</summary>
internal sealed record CpuReading(long AtMs, long ProcessTicks, long MachineTicks, int MachineCpus, double Cpus);
