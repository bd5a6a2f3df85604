using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Cli.Options;

/// <summary>The sweep's options, each parsed into its type and checked where it is declared: a bad value never reaches the sweep.</summary>
internal static class SweepOptions
{
    /// <summary>k6 holds 1-5 MB per client and the machine shares its cores with the app: beyond this, ask for a bigger box.</summary>
    public const int MaxConcurrency = 20_000;

    public static Option<Experiment[]> Experiments() => new("--experiments", "-e")
    {
        Description = "Experiments to sweep, comma-separated; experiment:variant for one side only (sleep:sync) [default: those of "
            + $"--experiment-file if given, else all the lab's: {string.Join(",", ExperimentCatalog.All.Select(e => e.Id))}].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = ParseExperiments,
    };

    // --experiment-file: a user's declarations, checked as the lab's own; every option that names an experiment sees them.
    public const string ExperimentFileName = "--experiment-file";

    public static Option<Experiment[]> ExperimentFile() => new(ExperimentFileName)
    {
        Description = "A declaration of your own endpoints (experiments/experiment.schema.json; `capacity experiments --new NAME` "
            + "prints a start), or a folder of *.json. Repeatable. With files given, only their experiments run, unless -e names others.",
        CustomParser = result =>
        {
            try
            {
                return [.. ExperimentFiles.Load(result.Tokens.Select(t => t.Value))];
            }
            catch (InvalidDataException ex)
            {
                return Error<Experiment[]>(result, ex.Message);
            }
        },
    };

    /// <summary>Every experiment this command line can name: the lab's own, then those of its --experiment-file.</summary>
    public static IReadOnlyList<Experiment> Declared(SymbolResult result) =>
        [.. ExperimentCatalog.All, .. FromFiles(result)];

    /// <summary>The experiments of --experiment-file; none when it is absent or refused (its own error says why).</summary>
    public static IReadOnlyList<Experiment> FromFiles(SymbolResult result)
    {
        try
        {
            return (result.GetResult(ExperimentFileName) as OptionResult)?.GetValueOrDefault<Experiment[]>() ?? [];
        }
        catch (InvalidOperationException)
        {
            return [];
        }
    }

    public static Option<string> Profile()
    {
        var option = new Option<string>("--profile", "-p")
        {
            // From the profiles themselves, so that --help cannot drift from what a probe lasts.
            Description = $"quick: {Probe(SweepProfile.Quick)}, a first look; "
                + $"standard: {Probe(SweepProfile.Standard)}, figures to quote (the deciding loads repeated).",
            DefaultValueFactory = _ => SweepProfile.Standard.Name,
        };
        option.AcceptOnlyFromAmong([.. SweepProfile.All.Select(p => p.Name)]);
        return option;
    }

    private static string Probe(SweepProfile profile) =>
        string.Create(CultureInfo.InvariantCulture,
            $"{profile.WarmupSeconds:0.#} s warm-up + {profile.StepSeconds:0.#} s measured per probe");

    public static Option<Uri?> Target() => new("--target", "-t")
    {
        Description = "URL of an app that is already running. Without it, the sweep builds the app (Release), "
            + "starts a fresh process on a free loopback port for every step, and stops it afterwards.",
        CustomParser = result => Uri.TryCreate(result.Tokens[0].Value, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https"
            ? uri
            : Error<Uri?>(result, $"--target must be an http(s) URL such as http://127.0.0.1:5080; got '{result.Tokens[0].Value}'."),
    };

    public static Option<int?> TargetPid() => new("--target-pid")
    {
        Description = "With --target: your app's process id on this machine (pgrep -f MyApp, dotnet-counters ps), so its runtime "
            + "and thread stacks are read from outside (EventPipe), as for an app the sweep starts.",
        Validators = { RequireRunning },
    };

    public static Option<string?> App() => new("--app")
    {
        Description = "Your app's command, started fresh for every probe and stopped after it (the whole process tree): "
            + "\"dotnet MyApp.dll\". {port} and {url} are replaced by a free loopback port and its URL (\"./MyApp --urls {url}\"); "
            + "without them the sweep sets ASPNETCORE_URLS. No shell runs it, so its process is your app's (give the built app, "
            + "not `dotnet run`).",
        Validators = { result => RequireWords(result, "--app") },
    };

    public static Option<FileInfo?> AppProject() => new("--app-project")
    {
        Description = "Your app's project (MyApp.csproj): built once in Release (dotnet build -c Release), then its assembly started with "
            + "dotnet for every probe, as with --app.",
        Validators = { result => RequireProject(result) },
    };

    public static Option<string?> AppReady() => new("--app-ready")
    {
        Description = "The path that says your app is serving: the sweep waits for any answer below 500 on it before each probe (30 s at "
            + $"most), and k6 checks it before the load [default: {UserApp.DefaultReadyPath} for --app; /healthz for the lab's own app].",
        Validators =
        {
            result =>
            {
                if (result.GetValueOrDefault<string?>() is { } path && (!path.StartsWith('/') || path.Any(char.IsWhiteSpace)))
                {
                    result.AddError($"--app-ready takes a path that starts with /, such as /healthz; got '{path}'.");
                }
            },
        },
    };

    public static Option<Scoped<int[]>[]> Steps() => new("--steps")
    {
        Description = "Concurrency steps, for all experiments (1,10,50) or one (sleep=1,10,50). "
            + "Repeatable [default: each experiment's declared steps].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int[]>.ParseAll(result,
            $"a comma-separated list of concurrencies from 1 to {MaxConcurrency}, e.g. 1,10,50", ParseSteps),
    };

    public static Option<LoadModel> Model() => new("--model")
    {
        Description = "closed: each step is N clients "
            + "that send their next request when the previous one answers (throughput follows latency). "
            + "open: each step offers a fixed arrival rate (--rates, req/s) "
            + "whatever the answers take, so latency shows the queueing a closed loop hides; "
            + "arrivals k6 cannot send on time (dropped iterations) count against the SLA.",
        DefaultValueFactory = _ => LoadModel.Closed,
        CustomParser = result => NamedValues.Find<LoadModel>(result.Tokens[0].Value)
            ?? Error<LoadModel>(result,
                $"--model takes {string.Join(" or ", LoadModel.All.Select(m => m.Name))}; got '{result.Tokens[0].Value}'."),
    };

    public static Option<Scoped<int[]>[]> Rates() => new("--rates")
    {
        Description = "With --model open: arrival rates (req/s), for all experiments (10,50,100) or one (sleep=10,50). "
            + "Repeatable; every experiment needs rates.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int[]>.ParseAll(result,
            $"a comma-separated list of arrival rates from 1 to {MaxConcurrency} req/s, e.g. 10,50,100", ParseSteps),
    };

    /// <summary>Settings the sweep itself gives the app: each has its own option, which the refusal names.</summary>
    private static readonly (string Prefix, string Instead)[] OwnedSettings =
    [
        ("Database__", "the --db-* options"),
        ("RequestQueue__", "--request-queue-limit and --request-queue-concurrency"),
        ("ThreadPool__MinWorkerThreads", "--min-threads"),
        ("Diagnostics__", "nothing: the sweep sets it to read the app's timeline"),
        ("ASPNETCORE_", "nothing: the sweep picks the app's port and environment"),
        ("DOTNET_", "nothing: the sweep sets the app's environment"),
    ];

    public static Option<AppSetting[]> AppSettings() => new("--app-setting")
    {
        Description = "A setting of the app the sweep starts, as its environment variable: "
            + "Audit__BoundedWriters=25, Audit__WriteDelayMs=10 "
            + "(README lists the lab's; the app checks each at start), or any of your app's with --app (ConnectionStrings__Orders=...). "
            + "Repeatable; shown in the report's header and named by `capacity compare`.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => [.. result.Tokens.Select(t => AppSetting.Parse(t.Value, result)).OfType<AppSetting>()],
    };

    /// <summary>The option to use instead of `--app-setting key`, when the sweep owns that setting; null otherwise.</summary>
    public static string? Owner(string key) =>
        OwnedSettings.FirstOrDefault(o => key.StartsWith(o.Prefix, StringComparison.OrdinalIgnoreCase)).Instead;

    public static Option<double?> Seconds(string name, string description, double minimum) => new(name)
    {
        Description = description,
        Validators =
        {
            result =>
            {
                if (result.GetValueOrDefault<double?>() is { } value && !(value >= minimum && double.IsFinite(value)))
                {
                    result.AddError(string.Create(CultureInfo.InvariantCulture,
                        $"{name} must be at least {minimum} seconds; got {value}."));
                }
            },
        },
    };

    public static Option<Scoped<double>[]> SlaP95() => new("--sla-p95")
    {
        Description = "SLA: p95 latency in ms, for all experiments (1000) or one (sleep=800). "
            + "Repeatable [default: each experiment's declared SLA].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<double>.ParseAll(result, "a latency in ms above 0", raw => Number(raw, v => v > 0)),
    };

    public static Option<Scoped<int>[]> Probes() => new("--probes")
    {
        Description = "The search's probe budget per variant beyond its lightest step, for all experiments (6) or one (db=16). "
            + "The search stops sooner once the knee's 90% interval is within ±10%; more probes narrow a knee that turns slowly "
            + $"[default: {SearchPolicy.DefaultSearchProbes}].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int>.ParseAll(result, "a number of probes from 1 to 50",
            raw => int.TryParse(raw, NumberStyles.None, CultureInfo.InvariantCulture, out var probes) && probes is >= 1 and <= 50
                ? (probes, null)
                : (0, "out of range or not a whole number")),
    };

    public static Option<Scoped<double>[]> SlaErrors() => new("--sla-errors")
    {
        Description = "SLA: highest error percentage, for all experiments (1) or one (sleep=0.5). "
            + "Repeatable [default: each experiment's declared SLA].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<double>.ParseAll(result, "a percentage from 0 to 100",
            raw => Number(raw, v => v is >= 0 and <= 100)),
    };

    public static Option<ParameterSetting[]> Set() => new("--set")
    {
        Description = "An experiment's parameter, e.g. sleep.ms=200 (`capacity experiments` lists them with their bounds). Repeatable.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => [.. result.Tokens.Select(t => ParameterSetting.Parse(t.Value, result)).OfType<ParameterSetting>()],
    };

    public static Option<int?> MinThreads() => new("--min-threads")
    {
        Description = "Thread-pool minimum worker threads for the app the sweep starts (the band-aid knob); for --app through a "
            + "startup hook (DOTNET_STARTUP_HOOKS calling ThreadPool.SetMinThreads), no file of yours touched "
            + "[default: the runtime's, one per core].",
        Validators = { result => RequireRange(result, "--min-threads", 0, short.MaxValue) },
    };

    public static Option<int?> RequestQueueLimit() => new("--request-queue-limit")
    {
        Description = "Turns the app's request queue on: up to this many requests wait for a place, the rest get 503 Server Too Busy "
            + "with Retry-After (the classic default was 5000) [default: off].",
        Validators = { result => RequireRange(result, "--request-queue-limit", 0, 1_000_000) },
    };

    public static Option<int?> RequestQueueConcurrency() => new("--request-queue-concurrency")
    {
        Description = $"With --request-queue-limit: requests served at once [default: {RequestQueueDefaultConcurrency}].",
        Validators = { result => RequireRange(result, "--request-queue-concurrency", 1, 100_000) },
    };

    /// <summary>Classic ASP.NET ran about 12 requests per core at once; on the 2-core box this lab targets, about 20.</summary>
    public const int RequestQueueDefaultConcurrency = 20;

    public static Option<string> Search()
    {
        var option = new Option<string>("--search")
        {
            Description = "How each variant's knee is found, each probe on a fresh app. on: after the lightest step, the knee the laws "
                + "predict from it (the declared steps where nothing binds), climbing to their knee as each probe refines it; once a "
                + "load met and one above it missed, each probe where the outcome is least certain, until the knee's 90% interval, "
                + "estimated from every probe, is within ±10% or --probes is spent; a miss while k6 was short of CPU narrows the "
                + "bracket below it to 25%. off: the steps only, the knee estimated from them [default: on].",
            DefaultValueFactory = _ => "on",
        };
        option.AcceptOnlyFromAmong("on", "off");
        return option;
    }

    public static Option<string> Stacks() => OnOff("--stacks",
        "Take the app's thread stacks after each probe's window (EventPipe, as dotnet-stack does), the load still on for "
        + $"{SweepRequest.StackTailSeconds:0.#} s more, and show where the pool's threads wait; the app the sweep starts, or --target "
        + "with --target-pid [default: on].");

    public static Option<LiveChoice?> Live() => new("--live")
    {
        Description = "Watch the sweep live: start the Aspire dashboard (from its NuGet package) on loopback, print its URL and send it "
            + "every probe's metrics (the app's runtime, ASP.NET Core, Kestrel and lab meters; k6's), each probe tagged with its "
            + "experiment, variant, load and number. --live keep leaves it up after the sweep; --live URL sends to an OTLP endpoint "
            + "you run instead (gRPC; http/protobuf when OTEL_EXPORTER_OTLP_PROTOCOL says so).",
        HelpName = "keep|URL",
        Arity = ArgumentArity.ZeroOrOne,
        CustomParser = result => result.Tokens.Count == 0
            ? LiveChoice.Parse(null)
            : LiveChoice.Parse(result.Tokens[0].Value)
                ?? Error<LiveChoice?>(result, $"{LiveChoice.Usage}; got '{result.Tokens[0].Value}'."),
    };

    /// <summary>Whether an on/off option's value is on.</summary>
    public static bool IsOn(string? value) => value is null or "on";

    private static Option<string> OnOff(string name, string description)
    {
        var option = new Option<string>(name) { Description = description, DefaultValueFactory = _ => "on" };
        option.AcceptOnlyFromAmong("on", "off");
        return option;
    }

    public static Option<IsolationMode> Isolate() => new("--isolate")
    {
        Description = "Give the app (and its database) and k6 CPUs of their own (taskset): "
            + "each step then says which side was at its limit. "
            + ".NET sizes itself to its CPUs, so the app's pool minimum follows. auto: on with 4 CPUs or more (the app keeps 2 or more), "
            + "off below (on 2 cores it would halve the app's) [default: auto].",
        DefaultValueFactory = _ => IsolationMode.Auto,
        CustomParser = result => Enum.TryParse<IsolationMode>(result.Tokens[0].Value, ignoreCase: true, out var mode)
            ? mode
            : Error<IsolationMode>(result, $"--isolate takes auto, on or off; got '{result.Tokens[0].Value}'."),
    };

    public static Option<string?> DbProvider()
    {
        var option = new Option<string?>("--db-provider")
        {
            Description = "Database for the experiments that need one: PostgreSQL or SqlServer [default: PostgreSQL]."
        };
        option.AcceptOnlyFromAmong([.. DatabaseSettings.Providers]);
        return option;
    }

    public static Option<string?> DbConnectionString() => new("--db-connection-string")
    {
        Description = "Connection string for the experiments that need a database [default: "
            + "the sweep starts a private PostgreSQL on loopback, and removes it at the end].",
    };

    public static Option<int?> DbPoolSize() => new("--db-pool-size")
    {
        Description = $"Connection pool size of the app the sweep starts [default: {DatabaseSettings.DefaultPoolSize}].",
        Validators = { result => RequireRange(result, "--db-pool-size", 1, 1000) },
    };

    /// <summary>"sleep,db" sweeps both experiments;
    /// "sleep:sync" only that variant of sleep (the bench's knee checks, a second look at one side).</summary>
    private static Experiment[] ParseExperiments(ArgumentResult result)
    {
        var names = result.Tokens.SelectMany(
            t => t.Value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        var chosen = new Dictionary<Experiment, HashSet<string>?>();
        var declared = Declared(result);
        foreach (var name in names.Distinct(StringComparer.OrdinalIgnoreCase))
        {
            var (id, variantName) = name.Split(':', 2) is [var e, var v] ? (e, v) : (name, null);
            if (declared.FirstOrDefault(e => e.Id.Equals(id, StringComparison.OrdinalIgnoreCase)) is not { } experiment)
            {
                result.AddError($"Unknown experiment '{UserInput.Shown(id)}'. Available: {string.Join(", ", declared.Select(e => e.Id))} "
                    + $"(`capacity experiments` describes them; one of your own: {ExperimentFileName} FILE).");
            }
            else if (variantName is null)
            {
                chosen[experiment] = null;
            }
            else if (experiment.Variants.FirstOrDefault(
                v => v.Name.Equals(variantName, StringComparison.OrdinalIgnoreCase)) is not { } variant)
            {
                result.AddError($"{experiment.Id} declares no variant '{UserInput.Shown(variantName)}'; "
                    + $"it declares {string.Join(", ", experiment.Variants.Select(v => v.Name))}.");
            }
            else if (!chosen.TryGetValue(experiment, out var variants) || variants is not null)
            {
                chosen[experiment] = [.. variants ?? [], variant.Name];
            }
        }

        // The lab's in their declared order, then a user's in the order given.
        return [.. chosen.OrderBy(c => c.Key.Source is null ? c.Key.Order : int.MaxValue)
            .Select(c => c.Value is null ? c.Key : c.Key with { Variants = [.. c.Key.Variants.Where(v => c.Value.Contains(v.Name))] })];
    }

    private static (int[]? Value, string? Error) ParseSteps(string raw)
    {
        var parts = raw.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var steps = parts.Select(
            p => int.TryParse(p, NumberStyles.None, CultureInfo.InvariantCulture, out var n)
            && n is >= 1 and <= MaxConcurrency ? n : -1).ToArray();
        return parts.Length == 0 || steps.Contains(-1)
            ? (null, "each step must be a whole number")
            : ([.. steps.Distinct().Order()], null);
    }

    private static (double Value, string? Error) Number(string raw, Func<double, bool> valid) =>
        double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && valid(value)
            ? (value, null)
            : (0, "out of range or not a number");

    private static void RequireRunning(OptionResult result)
    {
        if (result.GetValueOrDefault<int?>() is not { } pid)
        {
            return;
        }

        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(pid);
        }
        catch (ArgumentException)
        {
            result.AddError($"--target-pid {pid}: no process with that id is running on this machine; give your app's (pgrep -f MyApp).");
        }
    }

    private static void RequireWords(OptionResult result, string name)
    {
        if (result.GetValueOrDefault<string?>() is not { } command)
        {
            return;
        }

        try
        {
            CommandLineWords.Split(command);
        }
        catch (FormatException ex)
        {
            result.AddError($"{name} takes your app's command, such as \"dotnet MyApp.dll\"; got '{command}': {ex.Message}.");
        }
    }

    private static void RequireProject(OptionResult result)
    {
        var project = result.GetValueOrDefault<FileInfo?>();
        if (project is not null && (!project.Exists || !project.Extension.EndsWith("proj", StringComparison.Ordinal)))
        {
            result.AddError($"--app-project takes your app's project file, such as src/MyApp/MyApp.csproj; {project.FullName} "
                + (project.Exists ? "is not one." : "does not exist."));
        }
    }

    private static void RequireRange(OptionResult result, string name, int min, int max)
    {
        if (result.GetValueOrDefault<int?>() is { } value && (value < min || value > max))
        {
            result.AddError($"{name} must be between {min} and {max}; got {value}.");
        }
    }

    private static T Error<T>(ArgumentResult result, string message)
    {
        result.AddError(message);
        return default!;
    }
}

/// <summary>One `--set EXPERIMENT.PARAMETER=VALUE`, checked against the declaration's bounds.</summary>
internal sealed record ParameterSetting(Experiment Experiment, Parameter Parameter, string Value)
{
    public static ParameterSetting? Parse(string entry, ArgumentResult result)
    {
        var (key, value) = entry.Split('=', 2, StringSplitOptions.TrimEntries) is [var k, var v] ? (k, v) : (entry, "");
        var (id, name) = key.Split('.', 2) is [var e, var p] ? (e, p) : ("", key);
        var declared = SweepOptions.Declared(result);
        var experiment = declared.FirstOrDefault(e => e.Id.Equals(id, StringComparison.OrdinalIgnoreCase));
        var parameter = experiment?.Parameters.FirstOrDefault(p => p.Name.Equals(name, StringComparison.OrdinalIgnoreCase));
        if (experiment is null || parameter is null || value.Length == 0)
        {
            var known = declared.SelectMany(x => x.Parameters.Select(p => $"{x.Id}.{p.Name} ({p.Bounds}, default {p.Default})"));
            result.AddError($"--set takes EXPERIMENT.PARAMETER=VALUE; got '{entry}'. Known: {string.Join("; ", known)}.");
            return null;
        }

        if (!parameter.TryValidate(value, out var canonical, out var error))
        {
            result.AddError($"--set {entry}: {error}");
            return null;
        }

        return new ParameterSetting(experiment, parameter, canonical);
    }
}

/// <summary>One `--app-setting Section__Key=value`: an environment variable of the app the sweep starts.</summary>
internal sealed record AppSetting(string Key, string Value)
{
    public static AppSetting? Parse(string entry, ArgumentResult result)
    {
        var (key, value) = entry.Split('=', 2, StringSplitOptions.TrimEntries) is [var k, var v] ? (k, v) : (entry, "");
        if (!System.Text.RegularExpressions.Regex.IsMatch(key, "^[A-Za-z][A-Za-z0-9]*(__[A-Za-z][A-Za-z0-9]*)+$") || value.Length == 0)
        {
            result.AddError($"--app-setting takes Section__Key=value, the app's environment variable, "
                + $"e.g. Audit__BoundedWriters=25; got '{entry}'.");
            return null;
        }

        return new AppSetting(key, value);
    }
}
