using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Observe;

internal static class KernelLimits
{
    public static ConnectionLimits? Read()
    {
        var soMaxConn = ReadInt("/proc/sys/net/core/somaxconn");
        var openFiles = ReadOpenFiles();
        var ports = ReadText("/proc/sys/net/ipv4/ip_local_port_range")?.Split((char[])['\t', ' '], StringSplitOptions.RemoveEmptyEntries);
        var range = ports is [var low, var high] ? $"{low}-{high}" : null;
        return soMaxConn is null && openFiles is null && range is null ? null : new ConnectionLimits(null, soMaxConn, openFiles, range);
    }

    /// <summary>How many files each of k6 and the app may open: the sweep's own limit, which they inherit; null where unknown.</summary>
    public static long? OpenFiles() => ReadOpenFiles();

    /// <summary>"Max open files  20000  20000  files" in /proc/self/limits: the soft limit, which children inherit.</summary>
    private static long? ReadOpenFiles()
    {
        var line = ReadText("/proc/self/limits")?.Split('\n').FirstOrDefault(l => l.StartsWith("Max open files", StringComparison.Ordinal));
        var soft = line?["Max open files".Length..].Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault();
        return long.TryParse(soft, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : null;
    }

    private static int? ReadInt(string path) =>
        int.TryParse(ReadText(path), NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : null;

    private static string? ReadText(string path)
    {
        try
        {
            return File.Exists(path) ? File.ReadAllText(path).Trim() : null;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
