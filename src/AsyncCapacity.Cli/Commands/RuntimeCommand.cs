using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity runtime PID`: the sweep's reader on a running app, a line a second, as dotnet-counters shows its meters.</summary>
internal static class RuntimeCommand
{
    public static Command Create()
    {
        var processId = new Argument<int>("PID") { Description = "The process id of the running app (a .NET process of this user)." };
        var seconds = new Option<int>("--seconds")
        {
            Description = "How long to read, in seconds.",
            DefaultValueFactory = _ => 10,
            Validators =
            {
                result =>
                {
                    if (result.GetValueOrDefault<int>() is < 1 or > 86_400)
                    {
                        result.AddError("--seconds must be between 1 and 86400.");
                    }
                },
            },
        };
        var json = new Option<FileInfo?>("--json") { Description = "Also write every sample to this file, one JSON document per line." };
        var command = new Command("runtime", "Read a running app's runtime from outside, as the sweep does (an EventPipe session: "
            + "System.Runtime, Kestrel's and Hosting's meters, the lab's AsyncCapacity meter, the pool's changes by reason), "
            + "a line a second.")
        {
            processId,
            seconds,
            json,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(parse.GetValue(processId), parse.GetValue(seconds), parse.GetValue(json), token), cancellationToken));
        return command;
    }

    private static async Task RunAsync(int processId, int seconds, FileInfo? json, CancellationToken cancellationToken)
    {
        await using var file = json is null ? null : new StreamWriter(json.FullName, append: false);
        await using var reader = RuntimeReader.Start(processId);
        var shown = 0;
        var end = DateTime.UtcNow.AddSeconds(seconds);
        while (DateTime.UtcNow < end && reader.Problem is null)
        {
            await Task.Delay(TimeSpan.FromMilliseconds(250), cancellationToken);
            var samples = reader.Samples;
            for (; shown < samples.Count; shown++)
            {
                var (sample, before) = (samples[shown], shown > 0 ? samples[shown - 1] : null);
                Console.Out.WriteLine(Line(sample, before));
                if (file is not null)
                {
                    await file.WriteLineAsync(JsonSerializer.Serialize(sample, Contracts.WireJson.Options));
                }
            }
        }

        await reader.StopAsync(cancellationToken);
        if (reader.Problem is { } problem)
        {
            throw new HarnessException($"Reading process {processId} stopped: {problem}.");
        }
    }

    private static string Line(RuntimeSample sample, RuntimeSample? before)
    {
        var changes = before is null ? null : PoolAdjustmentChanges.Between(before, sample);
        var gauges = sample.Gauges is { Count: > 0 } g ? "  " + string.Join(" ", g.OrderBy(p => p.Key, StringComparer.Ordinal)
            .Select(p => string.Create(CultureInfo.InvariantCulture, $"{p.Key}={p.Value:0.###}"))) : "";
        var at = DateTimeOffset.FromUnixTimeMilliseconds(sample.TimestampMs);
        return string.Create(CultureInfo.InvariantCulture,
            $"{at:HH:mm:ss}  threads {sample.ThreadCount,4}  queue {sample.PendingWorkItems,6}  in flight {sample.RequestsInFlight,5}"
            + $"  CPU {sample.CpuPercent,5:0.0}%  working set {sample.WorkingSetBytes / 1048576.0,6:0.0} MiB"
            + $"  pool: {(changes is null ? "–" : PoolChangesText.Of(changes))}{gauges}");
    }
}
