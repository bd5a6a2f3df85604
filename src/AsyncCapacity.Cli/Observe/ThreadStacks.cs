using System.Diagnostics;
using System.Diagnostics.Tracing;
using AsyncCapacity.Lab.Waits;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;

namespace AsyncCapacity.Cli.Observe;

/// <summary>Taken from outside the process the way dotnet-stack does it (dotnet/diagnostics src/Tools/dotnet-stack): the
/// runtime's sample profiler for a few milliseconds, then the rundown the frames need.</summary>
internal static class ThreadStacks
{
    private const string SampleProfiler = "Microsoft-DotNETCore-SampleProfiler";

    private static readonly TimeSpan SamplingWindow = TimeSpan.FromMilliseconds(10);

    private const int ManagedSample = 2;

    public static async Task<StackSnapshot> TakeAsync(int processId, CancellationToken cancellationToken)
    {
        var total = Stopwatch.StartNew();
        var directory = Directory.CreateTempSubdirectory("capacity-stacks-");
        try
        {
            var trace = Path.Combine(directory.FullName, "stacks.nettrace");
            var (takenAtMs, sessionMs, names) = await RecordAsync(processId, trace, cancellationToken);
            var (threads, appNamespaces) = Resolve(trace, names);
            var totalMs = Math.Round(total.Elapsed.TotalMilliseconds, 1);
            return new StackSnapshot(processId, takenAtMs, sessionMs, totalMs, threads, appNamespaces);
        }
        finally
        {
            directory.Delete(recursive: true);
        }
    }

    private static async Task<(long TakenAtMs, double SessionMs, IReadOnlyDictionary<int, string> Names)> RecordAsync(
        int processId, string trace, CancellationToken cancellationToken)
    {
        var client = new DiagnosticsClient(processId);
        var session = Stopwatch.StartNew();
        EventPipeSession pipe;
        try
        {
            pipe = await client.StartEventPipeSessionAsync(
                [new EventPipeProvider(SampleProfiler, EventLevel.Informational)],
                    requestRundown: true, circularBufferMB: 64, cancellationToken);
        }
        catch (ServerNotAvailableException ex)
        {
            throw new HarnessException($"Process {processId} does not answer on a .NET diagnostics port ({ex.Message}): "
                + $"is it a .NET app, still running, started by this user, without DOTNET_EnableDiagnostics=0?");
        }

        using (pipe)
        {
            try
            {
                await using var file = File.Create(trace);
                var copy = pipe.EventStream.CopyToAsync(file, cancellationToken);
                var takenAtMs = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
                await Task.Delay(SamplingWindow, cancellationToken);
                var names = OsThreadNames.Of(processId);
                await pipe.StopAsync(cancellationToken);
                await copy;
                return (takenAtMs, Math.Round(session.Elapsed.TotalMilliseconds, 1), names);
            }
            catch (Exception ex) when (ex is IOException or ServerNotAvailableException or ServerErrorException)
            {
                throw new HarnessException($"Process {processId} stopped answering during the snapshot ({ex.Message}): did it exit?");
            }
        }
    }

    /// <summary>The app's namespaces are those of its entry assembly: the module of a thread's outermost entry-point frame.</summary>
    private static (List<ThreadSample> Threads, IReadOnlyList<string>? AppNamespaces) Resolve(
        string trace, IReadOnlyDictionary<int, string> names)
    {
        var etlx = TraceLog.CreateFromEventPipeDataFile(trace);
        using var log = new TraceLog(etlx);
        var threads = new Dictionary<int, ThreadSample>();
        var modules = new Dictionary<string, string?>(StringComparer.Ordinal);
        string? entryModule = null;
        foreach (var sample in log.Events)
        {
            if (sample.ProviderName != SampleProfiler || threads.ContainsKey(sample.ThreadID))
            {
                continue;
            }

            var frames = new List<string>();
            string? outermostModule = null;
            for (var frame = sample.CallStack(); frame is not null; frame = frame.Caller)
            {
                if (frame.CodeAddress.Method is { } method)
                {
                    frames.Add(FrameName.Of(method.FullMethodName));
                    outermostModule = method.MethodModuleFile?.Name;
                    modules.TryAdd(frames[^1], outermostModule);
                }
            }

            if (frames.Count > 0 && EntryPoints.IsEntryPoint(frames[^1]))
            {
                entryModule ??= outermostModule;
            }

            var inManagedCode = sample.PayloadByName("Type") is IConvertible type
                && type.ToInt32(System.Globalization.CultureInfo.InvariantCulture) == ManagedSample;
            threads[sample.ThreadID] = new ThreadSample(sample.ThreadID, names.GetValueOrDefault(sample.ThreadID), inManagedCode, frames);
        }

        var appNamespaces = entryModule is null ? null
            : modules.Where(m => m.Value == entryModule).Select(m => MethodName.Scope(MethodName.Full(m.Key)))
                .Distinct().Order(StringComparer.Ordinal).ToList();
        return ([.. threads.Values.OrderBy(t => t.ThreadId)], appNamespaces);
    }
}
