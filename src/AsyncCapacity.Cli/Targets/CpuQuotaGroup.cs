using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

/// <summary>
/// The app's CPU limit as Kubernetes sets <c>limits.cpu</c>: a CFS quota of X × 100 ms of CPU time per 100 ms period
/// (kubernetes.io, "Resource Management for Pods and Containers"), in a cgroup of the sweep's own that every app it starts
/// joins before .NET starts, so the runtime sizes itself to the quota (dotnet/coreclr#23398). cgroup v1's cpu controller
/// (cpu.cfs_quota_us, cpu.cfs_period_us) or v2's (cpu.max), whichever holds it; removed when the sweep ends.
/// </summary>
internal sealed class CpuQuotaGroup : IDisposable
{
    public const int PeriodMicroseconds = CpuQuota.DefaultPeriodMicroseconds;

    private readonly string _directory;
    private readonly CgroupVersion _version;

    private CpuQuotaGroup(string directory, CgroupVersion version, double cpus)
    {
        (_directory, _version, Cpus) = (directory, version, cpus);
    }

    public double Cpus { get; }

    public string Cgroup => _version == CgroupVersion.V1 ? "v1" : "v2";

    /// <summary>As set; what .NET made of it is read from the app.</summary>
    public CpuQuota Describe() => new(Cpus, PeriodMicroseconds, Cgroup, Environment.ProcessorCount);

    public static long QuotaOf(double cpus) => (long)Math.Round(cpus * PeriodMicroseconds);

    /// <summary>Makes the group and sets its quota, or refuses in one line that says why (no cpu controller, no write access).</summary>
    public static CpuQuotaGroup Create(double cpus, string? root = null)
    {
        var (mount, version) = Locate(root);
        var directory = Path.Combine(mount, $"asynccapacity-{Environment.ProcessId}-{Guid.NewGuid():N}"[..40]);
        try
        {
            if (version == CgroupVersion.V2)
            {
                // A v2 child gets the cpu controller only where its parent hands it down.
                Write(Path.Combine(mount, "cgroup.subtree_control"), "+cpu");
            }

            Directory.CreateDirectory(directory);
            if (version == CgroupVersion.V1)
            {
                Write(Path.Combine(directory, "cpu.cfs_period_us"), Invariant(PeriodMicroseconds));
                Write(Path.Combine(directory, "cpu.cfs_quota_us"), Invariant(QuotaOf(cpus)));
            }
            else
            {
                Write(Path.Combine(directory, "cpu.max"), $"{Invariant(QuotaOf(cpus))} {Invariant(PeriodMicroseconds)}");
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            TryRemove(directory);
            throw new UsageException($"--app-cpus needs a cgroup it may write, and {mount} refused it ({ex.Message.TrimEnd('.')}): "
                + "run the sweep as root or where the cgroup tree is delegated to you, or limit the app's container instead "
                + "(docker compose: APP_CPUS).");
        }

        return new CpuQuotaGroup(directory, version, cpus);
    }

    /// <summary>The command that joins the group and then becomes the app, its process id unchanged (sh's exec), so that
    /// .NET reads the quota at its start and the sweep reads the app by the id it started.</summary>
    public (string FileName, IReadOnlyList<string> Arguments) Wrap(string fileName, IEnumerable<string> arguments) =>
        ("/bin/sh", ["-c", "echo $$ > \"$0\" && exec \"$@\"", Path.Combine(_directory, "cgroup.procs"), fileName, .. arguments]);

    /// <summary>The group's throttling so far: periods with runnable work, periods throttled, time throttled.</summary>
    public Throttling? Read()
    {
        try
        {
            var stat = File.ReadLines(Path.Combine(_directory, "cpu.stat"))
                .Select(line => line.Split(' ', 2))
                .Where(pair => pair.Length == 2 && long.TryParse(pair[1], CultureInfo.InvariantCulture, out _))
                .ToDictionary(pair => pair[0], pair => long.Parse(pair[1], CultureInfo.InvariantCulture));
            var throttledSeconds = _version == CgroupVersion.V1
                ? stat.GetValueOrDefault("throttled_time") / 1e9
                : stat.GetValueOrDefault("throttled_usec") / 1e6;
            return new Throttling(stat.GetValueOrDefault("nr_periods"), stat.GetValueOrDefault("nr_throttled"), throttledSeconds);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>Every app the sweep started is stopped by now; an empty group can be removed.</summary>
    public void Dispose() => TryRemove(_directory);

    /// <summary>
    /// The cpu controller's hierarchy: on a v1 (or hybrid) host the cgroup filesystem mounted with the cpu option, under the
    /// sweep's own cgroup there; on a v2-only host the unified tree, where cgroup.controllers lists cpu.
    /// </summary>
    private static (string Directory, CgroupVersion Version) Locate(string? root)
    {
        if (!OperatingSystem.IsLinux())
        {
            throw new UsageException("--app-cpus sets a CFS quota through Linux cgroups; this is not Linux: "
                + "limit the app's container instead (docker compose: APP_CPUS).");
        }

        if (root is not null)
        {
            return (root, File.Exists(Path.Combine(root, "cpu.cfs_quota_us")) ? CgroupVersion.V1 : CgroupVersion.V2);
        }

        var mounts = File.ReadLines("/proc/self/mountinfo").Select(Mount.Parse).OfType<Mount>().ToList();
        var own = File.ReadLines("/proc/self/cgroup").Select(line => line.Split(':', 3)).Where(f => f.Length == 3).ToList();
        if (mounts.FirstOrDefault(m => m.Type == "cgroup" && m.Options.Contains("cpu")) is { } v1
            && own.FirstOrDefault(f => f[1].Split(',').Contains("cpu")) is { } ownV1)
        {
            return (Below(v1, ownV1[2]), CgroupVersion.V1);
        }

        if (mounts.FirstOrDefault(m => m.Type == "cgroup2") is { } v2 && own.FirstOrDefault(f => f[0] == "0") is { } ownV2
            && File.Exists(Path.Combine(v2.Point, "cgroup.controllers"))
            && File.ReadAllText(Path.Combine(v2.Point, "cgroup.controllers")).Split(' ', '\n').Contains("cpu"))
        {
            return (Below(v2, ownV2[2]), CgroupVersion.V2);
        }

        throw new UsageException("--app-cpus sets a CFS quota, and this machine mounts no cgroup with the cpu controller "
            + "(/proc/self/mountinfo): limit the app's container instead (docker compose: APP_CPUS).");
    }

    /// <summary>The sweep's own cgroup as the mount shows it: inside a container the mount's root is the container's group.</summary>
    private static string Below(Mount mount, string ownPath)
    {
        var relative = ownPath.StartsWith(mount.Root, StringComparison.Ordinal) ? ownPath[mount.Root.Length..] : ownPath;
        return Path.Combine(mount.Point, relative.TrimStart('/'));
    }

    private static void Write(string path, string value) => File.WriteAllText(path, value);

    private static void TryRemove(string directory)
    {
        try
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory); // a cgroup is removed with rmdir, its control files and all
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // A process still inside keeps it; the kernel removes nothing, and the next sweep makes a group of its own.
        }
    }

    private static string Invariant(long value) => value.ToString(CultureInfo.InvariantCulture);

    private enum CgroupVersion
    {
        V1,
        V2,
    }

    /// <summary>A line of /proc/self/mountinfo: "36 35 0:30 / /sys/fs/cgroup/cpu rw,relatime shared:9 - cgroup cgroup rw,cpu".</summary>
    private sealed record Mount(string Root, string Point, string Type, string[] Options)
    {
        public static Mount? Parse(string line)
        {
            var fields = line.Split(' ');
            var dash = Array.IndexOf(fields, "-");
            return dash < 5 || fields.Length < dash + 4 ? null
                : new Mount(fields[3], fields[4], fields[dash + 1], fields[dash + 3].Split(','));
        }
    }
}
