using System.CommandLine;
using System.CommandLine.Parsing;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Sweep;

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
        var resume = ResumeOption();
        command.Options.Add(dryRun);
        command.Options.Add(resume);
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            if (parse.GetValue(resume) is { } folder)
            {
                await SweepResume.RunAsync(folder, token);
                return;
            }

            var swept = request(parse);
            var plan = ExperimentPlans.Of(swept, KernelLimits.OpenFiles());
            if (parse.GetValue(dryRun))
            {
                await Console.Out.WriteAsync(SweepPlan.Describe(swept, plan));
                return;
            }

            var start = new SweepStart(
                [.. parse.Tokens.Where(t => t.Type != TokenType.Command).Select(t => t.Value)], Environment.CurrentDirectory,
                DateTimeOffset.UtcNow);
            await new SweepRunner(swept, plan, RepositoryLayout.Find(), start).RunAsync(token);
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

    private static Option<string?> ResumeOption()
    {
        var resume = new Option<string?>("--resume")
        {
            Description = "Go on with a sweep that was stopped (Ctrl+C, SIGTERM, a CI job's timeout, a failure): DIR is its output folder, "
                + $"which holds its options ({SweepJournal.StartFile}) and every probe it finished (raw/probes.jsonl). The search asks "
                + "for those probes again and gets their recorded answers, runs what it asks beyond them, and writes the report an "
                + "uninterrupted sweep writes. Give no other option: the stopped sweep's are used.",
            HelpName = "DIR",
        };
        resume.Validators.Add(result =>
        {
            if (result.Parent is CommandResult command
                && command.Children.OfType<OptionResult>().FirstOrDefault(o => o.Option != resume && !o.Implicit) is { } other)
            {
                result.AddError($"--resume takes the stopped sweep's own options from DIR/{SweepJournal.StartFile}; "
                    + $"{other.Option.Name} cannot be given with it.");
            }
        });
        return resume;
    }
}
