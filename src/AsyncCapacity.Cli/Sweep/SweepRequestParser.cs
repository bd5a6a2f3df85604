using System.Globalization;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>Validates the sweep's arguments; every refusal is a <see cref="UsageException"/> that says what to type instead.</summary>
internal static class SweepRequestParser
{
    /// <summary>Without its own app the harness cannot restart the target, so it waits out idle threads (~20 s) instead.</summary>
    public const double DefaultTargetCooldownSeconds = 25;

    private const int MaxConcurrency = 5000;

    public static SweepRequest Parse(SweepArguments args, DateTimeOffset now)
    {
        var experiments = ParseExperiments(args.Experiments);
        var profile = SweepProfile.Find(args.Profile);
        var target = ParseTarget(args.Target);
        var steps = args.Steps is null ? profile.Steps : ParseSteps(args.Steps);
        var warmup = NonNegative(args.WarmupSeconds ?? profile.WarmupSeconds, "--warmup");
        var stepSeconds = NonNegative(args.StepSeconds ?? profile.StepSeconds, "--step-seconds");
        if (stepSeconds < 1)
        {
            throw new UsageException("--step-seconds must be at least 1: a step needs a window to measure.");
        }

        var cooldown = NonNegative(args.CooldownSeconds ?? (target is null ? 0 : DefaultTargetCooldownSeconds), "--cooldown");
        if (args.MinWorkerThreads is { } min && (min < 0 || min > short.MaxValue))
        {
            throw new UsageException($"--min-threads must be between 0 and {short.MaxValue}; got {min}.");
        }

        if (args.MinWorkerThreads is not null && target is not null)
        {
            throw new UsageException("--min-threads configures the app the sweep starts; with --target, set ThreadPool__MinWorkerThreads on your app instead.");
        }

        var (sla, slaByExperiment) = ParseSla(args.SlaP95, args.SlaErrors, experiments);
        var output = args.Out ?? Path.Combine("reports", now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));

        return new SweepRequest(experiments, profile, steps, warmup, stepSeconds, cooldown, target,
            Path.GetFullPath(output), sla, slaByExperiment, ParseParameters(args.Set, experiments), args.MinWorkerThreads,
            ParseDatabase(args, target));
    }

    private static DatabaseSettings ParseDatabase(SweepArguments args, Uri? target)
    {
        var provider = DatabaseSettings.Providers.FirstOrDefault(p => p.Equals(args.DbProvider ?? "PostgreSQL", StringComparison.OrdinalIgnoreCase))
            ?? throw new UsageException($"--db-provider must be one of {string.Join(", ", DatabaseSettings.Providers)}; got '{args.DbProvider}'.");
        if (provider != "PostgreSQL" && args.DbConnectionString is null)
        {
            throw new UsageException($"--db-provider {provider} needs --db-connection-string: the sweep can start only a private PostgreSQL.");
        }

        if (args.DbPoolSize is { } pool && pool is < 1 or > 1000)
        {
            throw new UsageException($"--db-pool-size must be between 1 and 1000; got {pool}.");
        }

        if (target is not null && (args.DbConnectionString is not null || args.DbPoolSize is not null || args.DbProvider is not null))
        {
            throw new UsageException("The --db-* options configure the app the sweep starts; with --target, configure your app's Database__* settings instead.");
        }

        return new DatabaseSettings(provider, args.DbConnectionString, args.DbPoolSize ?? DatabaseSettings.DefaultPoolSize);
    }

    private static List<Experiment> ParseExperiments(IReadOnlyList<string> names)
    {
        var requested = names.SelectMany(n => n.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)).ToList();
        if (requested.Count == 0)
        {
            return [.. ExperimentCatalog.All];
        }

        return requested.Distinct(StringComparer.OrdinalIgnoreCase)
            .Select(name => ExperimentCatalog.Find(name) ?? throw new UsageException(
                $"Unknown experiment '{name}'. Available: {string.Join(", ", ExperimentCatalog.All.Select(e => e.Id))}."))
            .ToList();
    }

    private static Uri? ParseTarget(string? target)
    {
        if (target is null)
        {
            return null;
        }

        if (!Uri.TryCreate(target, UriKind.Absolute, out var uri) || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
        {
            throw new UsageException($"--target must be an http(s) URL such as http://127.0.0.1:5080; got '{target}'.");
        }

        return uri;
    }

    internal static List<int> ParseSteps(string steps)
    {
        var parts = steps.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var parsed = parts.Select(p => int.TryParse(p, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n is >= 1 and <= MaxConcurrency ? n : -1).ToList();
        if (parts.Length == 0 || parsed.Contains(-1))
        {
            throw new UsageException($"--steps must be a comma-separated list of concurrencies from 1 to {MaxConcurrency}, e.g. 1,10,50; got '{steps}'.");
        }

        return parsed.Distinct().Order().ToList();
    }

    private static double NonNegative(double value, string option) =>
        value >= 0 && double.IsFinite(value) ? value : throw new UsageException($"{option} must be zero or more seconds; got {value}.");

    private static (Sla Global, Dictionary<string, Sla> ByExperiment) ParseSla(
        IReadOnlyList<string> p95, IReadOnlyList<string> errors, IReadOnlyList<Experiment> experiments)
    {
        var p95s = Scoped(p95, "--sla-p95", experiments, value => value > 0, "a latency in ms above 0");
        var errorRates = Scoped(errors, "--sla-errors", experiments, value => value is >= 0 and <= 100, "a percentage from 0 to 100");
        var global = new Sla(p95s.GetValueOrDefault("", Sla.Default.P95Ms),
            errorRates.TryGetValue("", out var globalErrors) ? globalErrors / 100 : Sla.Default.MaxErrorRate);

        var byExperiment = p95s.Keys.Concat(errorRates.Keys).Where(k => k.Length > 0).Distinct()
            .ToDictionary(name => name, name => new Sla(
                p95s.GetValueOrDefault(name, global.P95Ms),
                errorRates.TryGetValue(name, out var rate) ? rate / 100 : global.MaxErrorRate));
        return (global, byExperiment);
    }

    /// <summary>Reads "VALUE" (all experiments, key "") or "EXPERIMENT=VALUE" entries.</summary>
    private static Dictionary<string, double> Scoped(
        IReadOnlyList<string> entries, string option, IReadOnlyList<Experiment> experiments, Func<double, bool> valid, string expected)
    {
        var values = new Dictionary<string, double>(StringComparer.OrdinalIgnoreCase);
        foreach (var entry in entries)
        {
            var split = entry.Split('=', 2, StringSplitOptions.TrimEntries);
            var (scope, raw) = split.Length == 2 ? (split[0], split[1]) : ("", split[0]);
            if (scope.Length > 0 && experiments.All(e => !e.Id.Equals(scope, StringComparison.OrdinalIgnoreCase)))
            {
                throw new UsageException($"{option} {entry}: '{scope}' is not an experiment of this sweep.");
            }

            if (!double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !valid(value))
            {
                throw new UsageException($"{option} takes {expected}, or EXPERIMENT={expected}; got '{entry}'.");
            }

            values[scope.ToLowerInvariant()] = value;
        }

        return values;
    }

    private static Dictionary<string, IReadOnlyDictionary<string, string>> ParseParameters(
        IReadOnlyList<string> sets, IReadOnlyList<Experiment> experiments)
    {
        var result = experiments.ToDictionary(
            e => e.Id,
            e => e.Parameters.ToDictionary(p => p.Name, p => p.Default));

        foreach (var set in sets)
        {
            var (key, value) = set.Split('=', 2, StringSplitOptions.TrimEntries) is [var k, var v] ? (k, v) : (set, "");
            var (experimentName, parameterName) = key.Split('.', 2) is [var e, var p] ? (e, p) : ("", key);
            var experiment = experiments.FirstOrDefault(x => x.Id.Equals(experimentName, StringComparison.OrdinalIgnoreCase));
            var parameter = experiment?.Parameters.FirstOrDefault(p => p.Name.Equals(parameterName, StringComparison.OrdinalIgnoreCase));
            if (experiment is null || parameter is null || value.Length == 0)
            {
                var known = experiments.SelectMany(x => x.Parameters.Select(p => $"{x.Id}.{p.Name} ({p.Description}, default {p.Default})"));
                throw new UsageException($"--set takes EXPERIMENT.PARAMETER=VALUE; got '{set}'. Known: {string.Join("; ", known)}.");
            }

            if (!parameter.TryValidate(value, out var canonical, out var error))
            {
                throw new UsageException($"--set {set}: {error}");
            }

            result[experiment.Id][parameter.Name] = canonical;
        }

        return result.ToDictionary(kv => kv.Key, kv => (IReadOnlyDictionary<string, string>)kv.Value);
    }
}
