using System.CommandLine;
using AsyncCapacity.Cli.Commands;

var root = new RootCommand(
    """
    capacity: sweep concurrency against paired ASP.NET Core endpoints (blocking vs async) with k6, and turn the
    results into a self-contained HTML capacity-vs-SLA report.

    Exit codes: 0 done (an SLA that is missed is a finding, not a failure); 1 bad arguments;
    2 harness failure (target down, k6 missing, app failed to start); 3 `compare --fail-below` gate;
    4 `docs` figures differ from their runs; 130 interrupted.
    """)
{
    SweepCommand.Create(),
    ReportCommand.Create(),
    CompareCommand.Create(),
    ExperimentsCommand.Create(),
    StacksCommand.Create(),
    RuntimeCommand.Create(),
    ForecastCommand.Create(),
    RunnersCommand.Create(),
    DocsCommand.Create(),
};

var parsed = root.Parse(args);
if (parsed.Action is System.CommandLine.Invocation.ParseErrorAction error)
{
    // One line per error, and where the help is, rather than the whole help page under it.
    error.ShowHelp = false;
    error.ShowTypoCorrections = true;
}

var exitCode = await parsed.InvokeAsync(new InvocationConfiguration
{
    // Ctrl+C cancels the sweep's token; give it time to stop the app and k6 it started before the process ends.
    ProcessTerminationTimeout = TimeSpan.FromSeconds(15),
});

if (parsed.Action is System.CommandLine.Invocation.ParseErrorAction)
{
    var command = parsed.CommandResult.Command;
    await Console.Error.WriteLineAsync($"`capacity {(command == root ? "" : command.Name + " ")}--help` explains every option.");
}

return exitCode;
