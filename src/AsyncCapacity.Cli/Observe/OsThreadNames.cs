using System.Globalization;

namespace AsyncCapacity.Cli.Observe;

/// <summary>The names the OS gives a process's threads: on Linux /proc/PID/task/TID/comm, which the runtime sets from Thread.Name (cut to
/// 15 characters: ".NET TP Worker", "Audit writer 3"). Empty where there is no /proc.</summary>
internal static class OsThreadNames
{
    public static IReadOnlyDictionary<int, string> Of(int processId)
    {
        var names = new Dictionary<int, string>();
        var tasks = $"/proc/{processId.ToString(CultureInfo.InvariantCulture)}/task";
        if (!Directory.Exists(tasks))
        {
            return names;
        }

        try
        {
            foreach (var task in Directory.EnumerateDirectories(tasks))
            {
                if (int.TryParse(Path.GetFileName(task), NumberStyles.None, CultureInfo.InvariantCulture, out var threadId)
                    && TryRead(Path.Combine(task, "comm")) is { } name)
                {
                    names[threadId] = name;
                }
            }
        }
        catch (DirectoryNotFoundException)
        {
            // The process exited while its threads were listed.
        }

        return names;
    }

    private static string? TryRead(string path)
    {
        try
        {
            return File.ReadAllText(path).TrimEnd(); // "Console logger ": a longer name cut at 15 characters
        }
        catch (IOException)
        {
            return null; // the thread exited between listing and reading
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}
