using System.Globalization;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Cli.Observe;

/// <summary>What an app that does not describe itself runs on, read from outside: its .NET version from the runtime it loaded (Linux:
/// /proc/PID/maps names .../shared/Microsoft.NETCore.App/10.0.12/libcoreclr.so), its cores from System.Runtime, and the pool's limits at
/// the runtime's defaults (https://learn.microsoft.com/dotnet/core/runtime-config/threading).</summary>
internal static partial class ProcessRuntime
{
    private const int DefaultMaxWorkerThreads = 32767;
    private const int DefaultMaxIoThreads = 1000;

    public static RuntimeReport? Describe(int processId, int? cores, IReadOnlyList<RuntimeSample> samples)
    {
        // Asked as soon as the app is up, before the reader's first collection: what /proc says is enough then.
        if (!File.Exists($"/proc/{processId.ToString(CultureInfo.InvariantCulture)}/maps") && samples.Count == 0)
        {
            return null;
        }

        var now = samples.Count > 0 ? samples[^1]
            : new RuntimeSample(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), 0, 0, 0, 0, 0, 0, 0);
        var processors = cores ?? Environment.ProcessorCount;
        return new RuntimeReport(
            Framework(processId) ?? "unknown (.NET, read over EventPipe)",
            processors,
            MinWorkerThreads: processors,
            MinIoThreads: processors,
            MaxWorkerThreads: DefaultMaxWorkerThreads,
            MaxIoThreads: DefaultMaxIoThreads,
            SampleIntervalMs: 1000,
            UptimeSeconds: Uptime(processId),
            Database: null,
            Now: now,
            Timeline: samples);
    }

    /// <summary>".NET 10.0.12", as RuntimeInformation.FrameworkDescription says it in the app; null where /proc does not tell.</summary>
    public static string? Framework(int processId)
    {
        try
        {
            foreach (var line in File.ReadLines($"/proc/{processId.ToString(CultureInfo.InvariantCulture)}/maps"))
            {
                if (RuntimeFolder().Match(line) is { Success: true } match)
                {
                    return $".NET {match.Groups["version"].Value}";
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // Not Linux, or the process is gone.
        }

        return null;
    }

    private static double Uptime(int processId)
    {
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(processId);
            return Math.Round((DateTime.Now - process.StartTime).TotalSeconds, 1);
        }
        catch (Exception ex) when (ex is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            return 0;
        }
    }

    [GeneratedRegex(@"/Microsoft\.NETCore\.App/(?<version>\d+\.\d+\.\d+[^/]*)/libcoreclr\.")]
    private static partial Regex RuntimeFolder();
}
