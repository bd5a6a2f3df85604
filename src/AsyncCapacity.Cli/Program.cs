using System.CommandLine;
using AsyncCapacity.Cli.Commands;

var root = new RootCommand(
    """
    capacity: sweep concurrency against paired ASP.NET Core endpoints (blocking vs async) with k6, and turn the
    results into a self-contained HTML capacity-vs-SLA report.

    Exit codes: 0 done (an SLA that is missed is a finding, not a failure); 1 bad arguments;
    2 harness failure (target down, k6 missing, app failed to start); 130 interrupted.
    """)
{
    SweepCommand.Create(),
    ReportCommand.Create(),
    CompareCommand.Create(),
    ExperimentsCommand.Create(),
    StacksCommand.Create(),
    RuntimeCommand.Create(),
};

return await root.Parse(args).InvokeAsync(new InvocationConfiguration
{
    // Ctrl+C cancels the sweep's token; give it time to stop the app and k6 it started before the process ends.
    ProcessTerminationTimeout = TimeSpan.FromSeconds(15),
});
