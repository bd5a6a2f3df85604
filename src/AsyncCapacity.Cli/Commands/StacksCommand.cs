using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity stacks PID`: where a running app's threads wait, grouped by the app's own frames.</summary>
internal static class StacksCommand
{
    public static Command Create()
    {
        var processId = new Argument<int>("PID") { Description = "The process id of the running app (a .NET process of this user)." };
        var json = new Option<FileInfo?>("--json")
        {
            Description = "Also write the snapshot (every managed thread: id, name, frames) to this file; "
                + "with --repeat, one JSON document per line.",
        };
        var repeat = AtLeast("--repeat", "How many snapshots to take, --interval-ms apart.", 1, 1);
        var interval = AtLeast("--interval-ms", "Time between the starts of two snapshots, in ms.", 1000, 0);
        var command = new Command("stacks",
            "Take the managed stacks of a running app (an EventPipe session of a few ms, as dotnet-stack does) "
            + "and say where its threads wait: per blocking call and app frame, pool threads apart from the app's own threads.")
        {
            processId,
            json,
            repeat,
            interval,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(parse.GetValue(processId), parse.GetValue(json), parse.GetValue(repeat), parse.GetValue(interval), token),
            cancellationToken));
        return command;
    }

    private static Option<int> AtLeast(string name, string description, int defaultValue, int minimum) => new(name)
    {
        Description = description,
        DefaultValueFactory = _ => defaultValue,
        Validators =
        {
            result =>
            {
                if (result.GetValueOrDefault<int>() < minimum)
                {
                    result.AddError(string.Create(CultureInfo.InvariantCulture, $"{name} must be at least {minimum}."));
                }
            },
        },
    };

    private static async Task RunAsync(int processId, FileInfo? json, int repeat, int intervalMs, CancellationToken cancellationToken)
    {
        await using var file = json is null ? null : new StreamWriter(json.FullName, append: false);
        for (var i = 0; i < repeat; i++)
        {
            var next = Task.Delay(intervalMs, cancellationToken);
            var snapshot = await ThreadStacks.TakeAsync(processId, cancellationToken);
            if (file is not null)
            {
                await file.WriteLineAsync(JsonSerializer.Serialize(snapshot, Contracts.WireJson.Options));
            }

            Console.Out.Write(WaitText.Describe(WaitGroups.Of(snapshot)));
            Console.Out.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"snapshot of {snapshot.Threads.Count} threads: session {snapshot.SessionMs:0} ms, {snapshot.TotalMs:0} ms in all"));
            if (i < repeat - 1)
            {
                Console.Out.WriteLine();
                await next;
            }
        }
    }
}
