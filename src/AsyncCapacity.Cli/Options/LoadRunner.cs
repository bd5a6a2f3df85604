using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Options;

/// <summary>Where one k6 runner of a split probe runs: a process on this machine on CPUs of its own (--load-runners), or k6 on a
/// host reached over SSH (--load-hosts).</summary>
internal abstract record LoadRunner(string Name)
{
    public abstract LoadRunnerInfo Describe();
}

/// <param name="Cpus">taskset's list for this runner; null: any CPU (taskset missing, or one CPU shared by all).</param>
/// <param name="SharedWith">How many runners share these CPUs (more runners than CPUs); 1: its own.</param>
internal sealed record LocalRunner(int Number, string? Cpus, int CpuCount, int SharedWith)
    : LoadRunner(Cpus is null ? $"local {Number}" : $"local {Number} (CPU {Cpus})")
{
    public override LoadRunnerInfo Describe() => new(Name, "local", Cpus, CpuCount) { SharedWith = SharedWith > 1 ? SharedWith : null };
}

/// <param name="Destination">ssh's destination: [user@]host.</param>
/// <param name="K6">k6 on that host: a path, or a name its PATH finds.</param>
/// <param name="Config">An ssh_config file (ssh -F) for port, identity and known hosts; null: the user's own.</param>
internal sealed record SshRunner(string Destination, int? Port, string K6, string? Config)
    : LoadRunner(Port is null ? $"ssh {Destination}" : string.Create(CultureInfo.InvariantCulture, $"ssh {Destination}:{Port}"))
{
    public override LoadRunnerInfo Describe() => new(Name, "ssh", null, null);

    /// <summary>"[user@]host[:port]" as --load-hosts takes it; null when it is not one.</summary>
    public static SshRunner? Parse(string item, string k6, string? config)
    {
        var text = item.Trim();
        var colon = text.LastIndexOf(':');
        int? port = null;
        if (colon > 0)
        {
            if (!int.TryParse(text.AsSpan(colon + 1), NumberStyles.None, CultureInfo.InvariantCulture, out var p) || p is < 1 or > 65535)
            {
                return null;
            }

            (port, text) = (p, text[..colon]);
        }

        var host = text[(text.IndexOf('@') + 1)..];
        return host.Length == 0 || text.Any(char.IsWhiteSpace) || text.StartsWith('-') || host.Contains('@')
            ? null
            : new SshRunner(text, port, k6, config);
    }
}

/// <summary>Local runners on the CPUs k6 may use, split as evenly as they go: two runners on CPUs 2-5 get 2,3 and 4,5; three runners
/// on one CPU share it (and say so).</summary>
internal static class LocalRunners
{
    public static IReadOnlyList<LoadRunner> On(IReadOnlyList<int> cpus, int count, bool pin) => [.. Enumerable.Range(0, count).Select(i =>
    {
        if (!pin || cpus.Count == 0)
        {
            return new LocalRunner(i + 1, null, cpus.Count, 1);
        }

        if (cpus.Count >= count)
        {
            var (from, to) = (i * cpus.Count / count, (i + 1) * cpus.Count / count);
            var own = cpus.Skip(from).Take(to - from).ToList();
            return new LocalRunner(i + 1, string.Join(',', own), own.Count, 1);
        }

        // Fewer CPUs than runners: runner i on CPU i mod n, sharing it with the others there.
        var cpu = cpus[i % cpus.Count];
        var sharing = Enumerable.Range(0, count).Count(j => j % cpus.Count == i % cpus.Count);
        return (LoadRunner)new LocalRunner(i + 1, cpu.ToString(CultureInfo.InvariantCulture), 1, sharing);
    })];
}
