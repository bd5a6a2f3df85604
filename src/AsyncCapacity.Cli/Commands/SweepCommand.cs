using System.CommandLine;
using AsyncCapacity.Cli.Sweep;

namespace AsyncCapacity.Cli.Commands;

internal static class SweepCommand
{
    public static Command Create()
    {
        var experiments = new Option<string[]>("--experiments", "-e")
        {
            Description = $"Experiments to sweep, comma-separated [default: all: {string.Join(",", ExperimentCatalog.All.Select(e => e.Id))}].",
            AllowMultipleArgumentsPerToken = true,
        };
        var profile = new Option<string>("--profile", "-p")
        {
            Description = "quick: 2 s warm-up + 6 s per step, a first look; standard: 5 s + 20 s per step, figures to quote.",
            DefaultValueFactory = _ => SweepProfile.Standard.Name,
        };
        profile.AcceptOnlyFromAmong([.. SweepProfile.All.Select(p => p.Name)]);
        var target = new Option<string?>("--target", "-t")
        {
            Description = "URL of an app that is already running. Without it, the sweep builds the app (Release), starts a fresh process on a free loopback port for every step, and stops it afterwards.",
        };
        var output = new Option<string?>("--out", "-o") { Description = "Output folder [default: reports/<timestamp>]." };
        var steps = new Option<string?>("--steps") { Description = "Concurrency steps, e.g. 1,10,50,100 [default: the profile's: 1,10,50,100,200,400]." };
        var warmup = new Option<double?>("--warmup") { Description = "Warm-up seconds per step, excluded from statistics [default: the profile's]." };
        var stepSeconds = new Option<double?>("--step-seconds") { Description = "Measured seconds per step [default: the profile's]." };
        var cooldown = new Option<double?>("--cooldown")
        {
            Description = $"Idle seconds between steps [default: 0 with a fresh app per step; {SweepRequestParser.DefaultTargetCooldownSeconds} with --target, so idle pool threads (~20 s) retire].",
        };
        var slaP95 = new Option<string[]>("--sla-p95")
        {
            Description = "SLA: p95 latency in ms, for all experiments (1000) or one (sleep=800). Repeatable [default: 1000].",
            AllowMultipleArgumentsPerToken = true,
        };
        var slaErrors = new Option<string[]>("--sla-errors")
        {
            Description = "SLA: highest error percentage, for all experiments (1) or one (sleep=0.5). Repeatable [default: 1].",
            AllowMultipleArgumentsPerToken = true,
        };
        var set = new Option<string[]>("--set")
        {
            Description = "An experiment's query parameter, e.g. sleep.ms=200. Repeatable.",
            AllowMultipleArgumentsPerToken = true,
        };
        var minThreads = new Option<int?>("--min-threads")
        {
            Description = "Thread-pool minimum worker threads for the app the sweep starts (the band-aid knob) [default: the runtime's, one per core].",
        };

        var dbProvider = new Option<string?>("--db-provider")
        {
            Description = "Database for the db experiment: PostgreSQL or SqlServer [default: PostgreSQL].",
        };
        dbProvider.AcceptOnlyFromAmong([.. DatabaseSettings.Providers]);
        var dbConnectionString = new Option<string?>("--db-connection-string")
        {
            Description = "Connection string for the db experiment [default: the sweep starts a private PostgreSQL on loopback, and removes it at the end].",
        };
        var dbPoolSize = new Option<int?>("--db-pool-size")
        {
            Description = $"Connection pool size of the app the sweep starts [default: {DatabaseSettings.DefaultPoolSize}].",
        };

        var command = new Command("sweep", "Run the k6 concurrency sweep for each experiment and write the HTML report.")
        {
            experiments, profile, target, output, steps, warmup, stepSeconds, cooldown, slaP95, slaErrors, set, minThreads,
            dbProvider, dbConnectionString, dbPoolSize,
        };

        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            var arguments = new SweepArguments(
                parse.GetValue(experiments) ?? [],
                parse.GetValue(profile)!,
                parse.GetValue(target),
                parse.GetValue(output),
                parse.GetValue(steps),
                parse.GetValue(warmup),
                parse.GetValue(stepSeconds),
                parse.GetValue(cooldown),
                parse.GetValue(slaP95) ?? [],
                parse.GetValue(slaErrors) ?? [],
                parse.GetValue(set) ?? [],
                parse.GetValue(minThreads),
                parse.GetValue(dbProvider),
                parse.GetValue(dbConnectionString),
                parse.GetValue(dbPoolSize));
            var request = SweepRequestParser.Parse(arguments, DateTimeOffset.Now);
            await new SweepRunner(request, RepositoryLayout.Find()).RunAsync(token);
        }, cancellationToken));
        return command;
    }
}
