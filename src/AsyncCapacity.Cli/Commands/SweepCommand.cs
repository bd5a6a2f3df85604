using System.CommandLine;
using System.Globalization;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Sweep;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Cli.Commands;

internal static class SweepCommand
{
    public static Command Create()
    {
        var (command, request) = Build();
        var dryRun = new Option<bool>("--dry-run")
        {
            Description = "Check every option and print the plan (experiments, variants, steps, "
                + "parameters, SLA, estimated time); run nothing.",
        };
        command.Options.Add(dryRun);
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            if (parse.GetValue(dryRun))
            {
                await Console.Out.WriteAsync(SweepPlan.Describe(request(parse)));
                return;
            }

            await new SweepRunner(request(parse), RepositoryLayout.Find()).RunAsync(token);
        }, cancellationToken));
        return command;
    }

    /// <summary>The command with its options and rules, and how a parse of it becomes a <see cref="SweepRequest"/>.</summary>
    internal static (Command Command, Func<ParseResult, SweepRequest> Request) Build()
    {
        var experiments = SweepOptions.Experiments();
        var experimentFiles = SweepOptions.ExperimentFile();
        var profile = SweepOptions.Profile();
        var target = SweepOptions.Target();
        var targetPid = SweepOptions.TargetPid();
        var app = SweepOptions.App();
        var appProject = SweepOptions.AppProject();
        var appReady = SweepOptions.AppReady();
        var output = new Option<string?>("--out", "-o") { Description = "Output folder [default: reports/<timestamp>]." };
        var steps = SweepOptions.Steps();
        var warmup = SweepOptions.Seconds("--warmup",
            "Warm-up seconds per step, excluded from statistics [default: the profile's].", minimum: 0);
        var stepSeconds = SweepOptions.Seconds("--step-seconds",
            "Measured seconds per step [default: the profile's]; keep it longer than the SLA's p95, or clients still waiting go uncounted.",
            minimum: 1);
        var cooldown = SweepOptions.Seconds("--cooldown",
            $"Idle seconds between steps [default: 0 with a fresh app per step; {SweepRequest.DefaultTargetCooldownSeconds} "
                + $"with --target, so idle pool threads (~20 s) retire].",
            minimum: 0);
        var slaP95 = SweepOptions.SlaP95();
        var slaErrors = SweepOptions.SlaErrors();
        var set = SweepOptions.Set();
        var minThreads = SweepOptions.MinThreads();
        var dbProvider = SweepOptions.DbProvider();
        var dbConnectionString = SweepOptions.DbConnectionString();
        var dbPoolSize = SweepOptions.DbPoolSize();
        var queueLimit = SweepOptions.RequestQueueLimit();
        var queueConcurrency = SweepOptions.RequestQueueConcurrency();
        var model = SweepOptions.Model();
        var rates = SweepOptions.Rates();
        var appSettings = SweepOptions.AppSettings();
        var search = SweepOptions.Search();
        var probes = SweepOptions.Probes();
        var stacks = SweepOptions.Stacks();
        var isolate = SweepOptions.Isolate();
        var live = SweepOptions.Live();
        var baseline = new Option<bool>("--baseline")
        {
            Description = "Measure the instrument first: the app's /hello against a minimal ASP.NET Core app (bench/MinimalApp), "
                + $"{BaselineSize.Clients} k6 clients, {BaselineSize.Rounds} alternating rounds; "
                + $"the report's header states the app's overhead.",
        };

        var command = new Command("sweep", "Run the k6 concurrency sweep for each experiment and write the HTML report.")
        {
            experiments, profile, target, output, steps, warmup, stepSeconds, cooldown, slaP95, slaErrors, set, minThreads,
            dbProvider, dbConnectionString, dbPoolSize, queueLimit, queueConcurrency, model, rates, appSettings, baseline,
            search, probes, stacks, isolate, app, appProject, appReady, targetPid, live, experimentFiles,
        };

        // Rules that span options: each names what to type instead.
        command.Validators.Add(result =>
        {
            var external = Valid(result, target) is not null;
            var userApp = Valid(result, app) is not null || Valid(result, appProject) is not null;
            if (UserAppConflict(result, external, userApp) is { } conflict)
            {
                result.AddError(conflict);
            }

            foreach (var setting in userApp ? [] : Valid(result, appSettings) ?? [])
            {
                if (SweepOptions.Owner(setting.Key) is { } instead)
                {
                    result.AddError($"--app-setting {setting.Key}: the sweep sets this one itself; use {instead}.");
                }
            }

            if (external && Valid(result, minThreads) is not null)
            {
                result.AddError("--min-threads configures the app the sweep starts; "
                    + "with --target, set ThreadPool__MinWorkerThreads on your app instead.");
            }

            if (external && (Valid(result, dbProvider) is not null
                || Valid(result, dbConnectionString) is not null
                || Valid(result, dbPoolSize) is not null))
            {
                result.AddError("The --db-* options configure the app the sweep starts; "
                    + "with --target, configure your app's Database__* settings instead.");
            }

            if (external && (Valid(result, queueLimit) is not null || Valid(result, queueConcurrency) is not null))
            {
                result.AddError("The --request-queue-* options configure the app the sweep starts; "
                    + "with --target, set RequestQueue__MaxConcurrent and RequestQueue__Limit on your app instead.");
            }

            if (external && (Valid(result, appSettings) ?? []).Length > 0)
            {
                result.AddError("--app-setting configures the app the sweep starts; "
                    + "with --target, set those environment variables on your app instead.");
            }

            if (external && Valid(result, isolate) == IsolationMode.On)
            {
                result.AddError("--isolate pins the app the sweep starts and k6 to CPUs of their own; "
                    + "with --target, pin your app yourself (taskset, or compose's cpuset).");
            }

            if (external && Valid(result, baseline))
            {
                result.AddError("--baseline starts the app and bench/MinimalApp itself, side by side; "
                    + "with --target, measure your app's overhead with bench/overhead.sh instead.");
            }

            if ((Valid(result, probes) ?? []).Length > 0 && Valid(result, search) == "off")
            {
                result.AddError("--probes sets the search's budget; with --search off there is no search, only the steps.");
            }

            if (Valid(result, queueConcurrency) is not null && Valid(result, queueLimit) is null)
            {
                result.AddError("--request-queue-concurrency needs --request-queue-limit, which turns the queue on.");
            }

            if (Valid(result, dbProvider) is { } provider && provider != "PostgreSQL" && Valid(result, dbConnectionString) is null)
            {
                result.AddError($"--db-provider {provider} needs --db-connection-string: the sweep can start only a private PostgreSQL.");
            }

            var chosen = Chosen(Valid(result, experiments), SweepOptions.FromFiles(result));
            var open = Valid(result, model)?.IsOpen == true;
            var givenRates = Valid(result, rates) ?? [];
            if (!open && givenRates.Length > 0)
            {
                result.AddError("--rates are arrival rates for the open model: add --model open, or give clients with --steps.");
            }

            if (open && chosen.FirstOrDefault(e => !e.Load.ArrivesAtRate) is { } session)
            {
                result.AddError($"--model open offers requests at a fixed rate; "
                    + $"{session.Id} is a {session.Load.Name} experiment whose clients hold a session each: "
                    + $"leave it out (-e) or sweep it closed.");
            }

            if (external && (Valid(result, set) ?? [])
                .FirstOrDefault(s => s.Parameter.Role == ParameterRole.Tls && s.Value == "true") is { } tls)
            {
                result.AddError($"{tls.Experiment.Id}.{tls.Parameter.Name}=true makes the sweep start the app with a TLS listener; "
                    + $"with --target, give your app's https:// URL as --target instead.");
            }

            if (open && (Valid(result, steps) ?? []).Length > 0)
            {
                result.AddError("--steps are clients, for the closed model; the open model takes arrival rates: --rates 10,50,100.");
            }

            if (open && givenRates.All(r => r.Experiment is not null)
                && chosen.FirstOrDefault(e => givenRates.All(r => r.Experiment != e.Id)) is { } unrated)
            {
                result.AddError($"--model open needs arrival rates for every experiment: "
                    + $"--rates 10,50,100 for all, or --rates {unrated.Id}=10,50 (none for {unrated.Id}).");
            }

            var scopes = (Valid(result, steps) ?? []).Select(s => ("--steps", s.Experiment))
                .Concat(givenRates.Select(s => ("--rates", s.Experiment)))
                .Concat((Valid(result, slaP95) ?? []).Select(s => ("--sla-p95", s.Experiment)))
                .Concat((Valid(result, slaErrors) ?? []).Select(s => ("--sla-errors", s.Experiment)))
                .Concat((Valid(result, probes) ?? []).Select(s => ("--probes", s.Experiment)))
                .Concat((Valid(result, set) ?? []).Select(s => ("--set", (string?)s.Experiment.Id)));
            foreach (var (option, scope) in scopes.Where(s => s.Item2 is not null && chosen.All(e => e.Id != s.Item2)))
            {
                result.AddError($"{option}: '{scope}' is not an experiment of this sweep ({string.Join(", ", chosen.Select(e => e.Id))}).");
            }
        });

        // --app and --app-project start a user's app: the options that configure the lab's own app, or name a running one, do not apply.
        string? UserAppConflict(System.CommandLine.Parsing.CommandResult result, bool external, bool userApp)
        {
            var given = Valid(result, app) is not null ? "--app" : "--app-project";
            var database = Valid(result, dbProvider) is not null || Valid(result, dbConnectionString) is not null
                || Valid(result, dbPoolSize) is not null;
            var queue = Valid(result, queueLimit) is not null || Valid(result, queueConcurrency) is not null;
            return (Valid(result, app) is not null && Valid(result, appProject) is not null)
                    ? "Give --app or --app-project, not both: the command that starts your app, or the project the sweep builds and starts."
                : userApp && external
                    ? $"{given} starts your app for every probe; --target sweeps one that is already running. Give one of them."
                : Valid(result, targetPid) is not null && !external
                    ? "--target-pid names the process of a running app: give its URL with --target."
                : !userApp ? null
                : database ? $"The --db-* options configure the lab's own app; with {given}, give your app its database with "
                    + "--app-setting ConnectionStrings__Name=..."
                : queue ? $"The --request-queue-* options configure the lab's own app; with {given}, set your app's limits with "
                    + "--app-setting."
                : Valid(result, baseline)
                    ? $"--baseline measures the lab's own app against a minimal one; with {given}, measure your app with bench/overhead.sh."
                : null;
        }

        SweepRequest Request(ParseResult parse)
        {
            var chosen = Chosen(parse.GetValue(experiments), parse.GetValue(experimentFiles) ?? []);
            var sweepProfile = SweepProfile.Find(parse.GetValue(profile)!);
            var targetUrl = parse.GetValue(target);
            var userApp = parse.GetValue(app) is null && parse.GetValue(appProject) is null ? null
                : new UserApp(parse.GetValue(app), parse.GetValue(appProject)?.FullName,
                    parse.GetValue(appReady) ?? UserApp.DefaultReadyPath);
            var settings = parse.GetValue(set) ?? [];
            var loadModel = parse.GetValue(model)!;
            return new SweepRequest
            {
                Experiments = chosen,
                Profile = sweepProfile,
                WarmupSeconds = parse.GetValue(warmup) ?? sweepProfile.WarmupSeconds,
                StepSeconds = parse.GetValue(stepSeconds) ?? sweepProfile.StepSeconds,
                CooldownSeconds = parse.GetValue(cooldown) ?? (targetUrl is null ? 0 : SweepRequest.DefaultTargetCooldownSeconds),
                Target = targetUrl,
                TargetProcessId = parse.GetValue(targetPid),
                App = userApp,
                ReadyPath = parse.GetValue(appReady) ?? userApp?.ReadyPath,
                OutputDirectory = Path.GetFullPath(parse.GetValue(output)
                    ?? Path.Combine("reports", DateTimeOffset.Now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture))),
                StepOverrides = loadModel.IsOpen ? parse.GetValue(rates) ?? [] : parse.GetValue(steps) ?? [],
                SlaP95Overrides = parse.GetValue(slaP95) ?? [],
                SlaErrorOverrides = parse.GetValue(slaErrors) ?? [],
                Parameters = chosen.ToDictionary(e => e.Id, e => (IReadOnlyDictionary<string, string>)e.Parameters.ToDictionary(
                    p => p.Name,
                        p => settings.LastOrDefault(s => s.Experiment.Id == e.Id && s.Parameter.Name == p.Name)?.Value ?? p.Default)),
                MinWorkerThreads = parse.GetValue(minThreads),
                Database = new DatabaseSettings(parse.GetValue(dbProvider) ?? "PostgreSQL", parse.GetValue(dbConnectionString),
                    parse.GetValue(dbPoolSize) ?? DatabaseSettings.DefaultPoolSize),
                RequestQueue = parse.GetValue(queueLimit) is { } limit
                    ? new RequestQueueSettings(parse.GetValue(queueConcurrency) ?? SweepOptions.RequestQueueDefaultConcurrency, limit)
                    : null,
                Model = loadModel,
                AppSettings = (parse.GetValue(appSettings) ?? []).GroupBy(s => s.Key, StringComparer.OrdinalIgnoreCase)
                    .ToDictionary(g => g.Key, g => g.Last().Value, StringComparer.OrdinalIgnoreCase),
                Baseline = parse.GetValue(baseline),
                Search = parse.GetValue(search) != "off",
                ProbeOverrides = parse.GetValue(probes) ?? [],
                Stacks = SweepOptions.IsOn(parse.GetValue(stacks)),
                Isolation = targetUrl is null ? CpuIsolationChoice.Choose(parse.GetValue(isolate)) : null,
                Live = parse.GetResult(live) is null ? null : parse.GetValue(live),
            };
        }

        return (command, Request);
    }

    /// <summary>An option's value for the rules that span options; an option that failed its own parse already has its error.</summary>
    private static T? Valid<T>(System.CommandLine.Parsing.CommandResult result, Option<T> option)
    {
        try
        {
            return result.GetValue(option);
        }
        catch (InvalidOperationException)
        {
            return default;
        }
    }

    /// <summary>-e's experiments; else a user's files' (the lab's own need the lab's app); else the lab's.</summary>
    private static IReadOnlyList<Experiment> Chosen(Experiment[]? experiments, IReadOnlyList<Experiment> files) =>
        experiments is { Length: > 0 } ? experiments : files.Count > 0 ? files : ExperimentCatalog.All;
}
