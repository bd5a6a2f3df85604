using System.CommandLine;
using System.Diagnostics;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

/// <summary>Load from more than one k6 (--load-runners, --load-hosts): every probe split over runners with k6's execution segments,
/// their results merged exactly (the verdict one k6 gives on all the requests).</summary>
internal sealed class LoadRunnerOptionGroup : IOptionGroup
{
    public const int MaxRunners = 64;

    public Option<int?> Runners { get; } = new("--load-runners")
    {
        Description = "Split every probe over N k6 processes on this machine (k6's execution segments), each on CPUs of its own "
            + "(k6's under --isolate, else the machine's, shared when runners outnumber them), started together; their results "
            + $"merge exactly: the SLA verdict one k6 would give on all the requests. Up to {MaxRunners}; 1, the default, is one k6.",
        HelpName = "N",
        Validators = { result => RequireRange(result, "--load-runners", 1, MaxRunners) },
    };

    public Option<string?> Hosts { get; } = new("--load-hosts")
    {
        Description = "Split every probe over k6 on these hosts, reached over SSH with a key (BatchMode): [user@]host[:port], "
            + "comma-separated, one runner per entry (a host twice runs two). The test (one `k6 archive`) is copied for each probe and "
            + "removed after it; k6's REST API is reached through the SSH connection. A local k6 packs the test.",
        HelpName = "HOSTS",
    };

    public Option<string> HostsK6 { get; } = new("--load-k6")
    {
        Description = "k6 on the --load-hosts: a path, or a name their PATH finds.",
        HelpName = "PATH",
        DefaultValueFactory = _ => "k6",
    };

    public Option<FileInfo?> SshConfig { get; } = new("--ssh-config")
    {
        Description = "An ssh_config file for --load-hosts (ssh -F): port, user, identity and known hosts [default: yours].",
        HelpName = "FILE",
    };

    public void AddTo(Command command, SweepOptionGroups all)
    {
        foreach (var option in (Option[])[Runners, Hosts, HostsK6, SshConfig])
        {
            command.Options.Add(option);
        }

        command.Validators.Add(result =>
        {
            var hosts = Valid(result, Hosts);
            var runners = Valid(result, Runners);
            if (hosts is not null && runners is not null)
            {
                result.AddError("--load-runners splits the load over k6 processes here, --load-hosts over hosts: give one of them.");
            }

            if (hosts is not null && ParseHosts(hosts, "k6", null) is (null, var error))
            {
                result.AddError(error!);
            }

            // The app the sweep starts listens on this machine's loopback, which another host's k6 cannot reach.
            if (hosts is not null && !all.App.External(result) && ParseHosts(hosts, "k6", null).Runners is { } remote
                && remote.OfType<SshRunner>().FirstOrDefault(r => !IsLoopback(r.Destination)) is { } far)
            {
                result.AddError($"--load-hosts {far.Destination}: the app the sweep starts listens on 127.0.0.1 here, which that host "
                    + "cannot reach; run the app where the hosts reach it and give its URL with --target.");
            }

            if ((hosts is not null || runners > 1) && result.GetResult(all.Sustain.Sustain) is not null)
            {
                result.AddError("--sustain reads a held load second by second from one k6's REST API; split loads are not held yet: "
                    + "drop --load-runners/--load-hosts for it.");
            }

            if (Valid(result, SshConfig) is { Exists: false } config)
            {
                result.AddError($"--ssh-config {config.FullName} does not exist.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        if (parse.GetValue(Hosts) is { } hosts)
        {
            return request with { LoadRunners = ParseHosts(hosts, parse.GetValue(HostsK6)!, parse.GetValue(SshConfig)?.FullName).Runners };
        }

        return parse.GetValue(Runners) is { } count and > 1
            ? request with { LoadRunners = LocalRunners.On(LoadCpus(request), count, HasTaskset) }
            : request;
    }

    /// <summary>The CPUs k6 may use: its set under --isolate, else every CPU this process may run on.</summary>
    private static List<int> LoadCpus(SweepRequest request) =>
        request.Isolation is { } isolation
            ? [.. isolation.LoadGeneratorCpus.Split(',').Select(c => int.Parse(c, System.Globalization.CultureInfo.InvariantCulture))]
            : CpuIsolationChoice.Available();

    private static bool IsLoopback(string destination) =>
        destination[(destination.IndexOf('@') + 1)..] is "127.0.0.1" or "localhost" or "::1";

    private static bool HasTaskset => File.Exists("/usr/bin/taskset") || File.Exists("/bin/taskset");

    private static (IReadOnlyList<LoadRunner>? Runners, string? Error) ParseHosts(string hosts, string k6, string? config)
    {
        var items = hosts.Split(',', StringSplitOptions.TrimEntries);
        var parsed = items.Select(item => (Item: item, Runner: SshRunner.Parse(item, k6, config))).ToList();
        if (parsed.FirstOrDefault(p => p.Runner is null) is { Item: { } bad })
        {
            return (null, $"--load-hosts takes [user@]host[:port], comma-separated, such as k6@load1,k6@load2:2222; got '{bad}'.");
        }

        Debug.Assert(parsed.Count > 0);
        // A host given twice runs two runners there, each named apart: "ssh k6@load1", "ssh k6@load1 (2)".
        var runners = parsed.Select((p, i) => parsed.Take(i).Count(q => q.Runner!.Name == p.Runner!.Name) is var earlier and > 0
            ? p.Runner! with { Name = $"{p.Runner!.Name} ({earlier + 1})" }
            : p.Runner!).ToList();
        return (parsed.Count <= MaxRunners ? [.. runners] : null,
            parsed.Count <= MaxRunners ? null : $"--load-hosts takes at most {MaxRunners} runners; got {parsed.Count}.");
    }
}
