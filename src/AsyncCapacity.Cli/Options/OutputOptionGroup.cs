using System.CommandLine;
using System.Globalization;
using AsyncCapacity.Lab.Sweep;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class OutputOptionGroup : IOptionGroup
{
    public Option<string?> Out { get; } = new("--out", "-o") { Description = "Output folder [default: reports/<timestamp>]." };

    public Option<string> Stacks { get; } = OnOff("--stacks",
        "Take the app's thread stacks after each probe's window (EventPipe, as dotnet-stack does), the load still on for "
        + $"{SweepRequest.StackTailSeconds:0.#} s more, and show where the pool's threads wait; the app the sweep starts, or --target "
        + "with --target-pid.");

    public Option<bool> Baseline { get; } = new("--baseline")
    {
        Description = "Measure the instrument first: the app's /hello against a minimal ASP.NET Core app (bench/MinimalApp), "
            + $"{BaselineSize.Clients} k6 clients, {BaselineSize.Rounds} alternating rounds; "
            + $"the report's header states the app's overhead.",
    };

    public Option<IsolationMode> Isolate { get; } = new("--isolate")
    {
        Description = "Give the app (and its database) and k6 CPUs of their own (taskset): "
            + "each step then says which side was at its limit. "
            + ".NET sizes itself to its CPUs, so the app's pool minimum follows. auto: on with 4 CPUs or more (the app keeps 2 or more), "
            + "off below (on 2 cores it would halve the app's).",
        DefaultValueFactory = _ => IsolationMode.Auto,
        CustomParser = result => Enum.TryParse<IsolationMode>(result.Tokens[0].Value, ignoreCase: true, out var mode)
            ? mode
            : Error<IsolationMode>(result, $"--isolate takes auto, on or off; got '{result.Tokens[0].Value}'."),
    };

    public Option<double?> AppCpus { get; } = new("--app-cpus")
    {
        Description = "Run the app the sweep starts (the lab's, or yours) under a CPU limit as a Kubernetes pod's limits.cpu sets it: "
            + "a CFS quota of X CPUs of time per 100 ms period (cgroup v1 or v2, whichever the machine has), from 0.1 to the "
            + "machine's cores, fractions allowed. .NET sizes itself to it (0.5 gives ProcessorCount 1, so a pool minimum of 1), "
            + "read from the app into the report's header; each probe records how often the app was throttled. "
            + "Independent of --isolate's CPU sets. Needs write access to the cgroup tree (root, or a delegated tree).",
        HelpName = "X",
        CustomParser = result => Number(result.Tokens[0].Value, v => v >= MinAppCpus && v <= MachineCpus) is (var cpus, null)
            ? cpus
            : Error<double?>(result, $"--app-cpus takes CPUs from {MinAppCpus} to this machine's {MachineCpus} "
                + $"(fractions allowed, as limits.cpu: 0.5 is 500m); got '{result.Tokens[0].Value}'."),
    };

    public Option<bool> Demand { get; } = new("--demand")
    {
        Description = "After each variant's search, read the app's CPU per request (D) at four fixed arrival rates, 30–60% of the "
            + "most it could take (its own CPU line, or what it served under k6 if less), offered in the open model whatever the "
            + $"sweep's, each one window on a fresh app after at least {DemandPhase.MinimumWarmupSeconds:0} s of warm-up: "
            + "the app alone's capacity beside each bound, X_max = (CPUs − idle) ÷ D, then rests on them. Four probes more per variant; "
            + "sessions (websocket, connections) keep the search's.",
    };

    /// <summary>A tenth of a CPU: below it a request waits out most of every 100 ms period.</summary>
    public const double MinAppCpus = 0.1;

    private static int MachineCpus => Environment.ProcessorCount;

    public void AddTo(Command command, SweepOptionGroups all)
    {
        foreach (var option in (Option[])[Out, Baseline, Stacks, Isolate, AppCpus, Demand])
        {
            command.Options.Add(option);
        }

        command.Validators.Add(result =>
        {
            if (all.App.External(result) && Valid(result, Isolate) == IsolationMode.On)
            {
                result.AddError("--isolate pins the app the sweep starts and k6 to CPUs of their own; "
                    + "with --target, pin your app yourself (taskset, or compose's cpuset).");
            }

            if (all.App.External(result) && Valid(result, AppCpus) is not null)
            {
                result.AddError("--app-cpus limits the app the sweep starts; with --target, limit your app where it runs "
                    + "(resources.limits.cpu in Kubernetes, --cpus in Docker, deploy.resources.limits.cpus in compose).");
            }

            if (all.App.External(result) && Valid(result, Baseline))
            {
                result.AddError("--baseline starts the app and bench/MinimalApp itself, side by side; "
                    + "with --target, measure your app's overhead with bench/overhead.sh instead.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) => request with
    {
        OutputDirectory = Path.GetFullPath(parse.GetValue(Out)
            ?? Path.Combine("reports", DateTimeOffset.Now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture))),
        Baseline = parse.GetValue(Baseline),
        Stacks = IsOn(parse.GetValue(Stacks)),
        Isolation = parse.GetValue(all.App.Target) is null ? CpuIsolationChoice.Choose(parse.GetValue(Isolate)) : null,
        AppCpus = parse.GetValue(AppCpus),
        Demand = parse.GetValue(Demand),
    };
}
