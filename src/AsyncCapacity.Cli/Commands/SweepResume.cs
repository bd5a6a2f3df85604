using System.CommandLine;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Sweep;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity sweep --resume DIR`: the stopped sweep's options, read again where it started, and its probes to replay.</summary>
internal static class SweepResume
{
    public static async Task RunAsync(string folder, CancellationToken cancellationToken)
    {
        var directory = Path.GetFullPath(folder);
        if (!SweepJournal.Holds(directory))
        {
            throw new UsageException($"{directory} holds no sweep to resume: no {SweepJournal.StartFile}, which a sweep writes into its "
                + "--out folder once its app is ready.");
        }

        var journal = new SweepJournal(directory);
        var start = await journal.StartAsync(cancellationToken);
        var recorded = await journal.ProbesAsync(cancellationToken);
        if (!Directory.Exists(start.WorkingDirectory))
        {
            throw new UsageException($"The sweep in {directory} was started in {start.WorkingDirectory}, which no longer exists; "
                + "the paths among its options are read from there.");
        }

        // Its options' paths (--experiment-file, --app-project) and the repository are found from where it started.
        Environment.CurrentDirectory = start.WorkingDirectory;
        var (command, request) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", .. start.Arguments]);
        if (parse.Errors.Count > 0)
        {
            throw new UsageException($"The options in {Path.Combine(directory, SweepJournal.StartFile)} no longer parse: "
                + string.Join(" ", parse.Errors.Select(e => e.Message)));
        }

        var swept = request(parse) with { OutputDirectory = directory };
        var plan = ExperimentPlans.Of(swept, KernelLimits.OpenFiles());
        await new SweepRunner(swept, plan, RepositoryLayout.Find(), start, recorded).RunAsync(cancellationToken);
    }
}
