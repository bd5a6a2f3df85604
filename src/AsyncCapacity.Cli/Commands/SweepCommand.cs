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
        var groups = new SweepOptionGroups();
        var command = new Command("sweep", "Run the k6 concurrency sweep for each experiment and write the HTML report.");
        groups.AddTo(command);
        return (command, groups.Request);
    }
}
