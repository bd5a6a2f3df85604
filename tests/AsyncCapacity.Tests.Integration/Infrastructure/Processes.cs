using System.Globalization;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>What runs on this machine, read from /proc as ps does: to show that a stopped app left nothing behind.</summary>
internal static class Processes
{
    /// <summary>The processes whose command line contains <paramref name="marker"/>, with their ids.</summary>
    public static IReadOnlyList<string> WithCommandLine(string marker) =>
        [.. Directory.EnumerateDirectories("/proc")
            .Where(d => int.TryParse(Path.GetFileName(d), NumberStyles.None, CultureInfo.InvariantCulture, out _))
            .Select(d => (Id: Path.GetFileName(d), CommandLine: Read(Path.Combine(d, "cmdline"))))
            .Where(p => p.CommandLine.Contains(marker, StringComparison.Ordinal))
            .Select(p => $"{p.Id}: {p.CommandLine}")];

    /// <summary>A process's command line or environment, its NUL separators as spaces or new lines; empty once it is gone.</summary>
    public static string Read(string path, char separator = ' ')
    {
        try
        {
            return File.ReadAllText(path).Replace('\0', separator);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }

    /// <summary>Where a /proc link points (a process's working directory: /proc/PID/cwd).</summary>
    public static string? ReadLink(string path) => new FileInfo(path).LinkTarget;

    public static bool IsRunning(int pid) =>
        Read($"/proc/{pid}/stat") is { Length: > 0 } stat && !stat.Contains(") Z ", StringComparison.Ordinal);
}
