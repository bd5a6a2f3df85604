namespace AsyncCapacity.Cli.Options;

/// <summary>
/// Where a user's app starts: its own folder, as `dotnet run`, IIS and systemd units start one, so that its content
/// root, appsettings.json and every relative path are its own (ASP.NET Core's content root defaults to the working
/// directory: https://learn.microsoft.com/aspnet/core/fundamentals/#content-root).
/// </summary>
internal static class AppFolder
{
    /// <summary>The folder of the command's assembly (`dotnet path/App.dll`) or program (`./bin/App`); else the sweep's own.</summary>
    public static string Of(IReadOnlyList<string> words, string sweepDirectory)
    {
        var program = words.Skip(IsDotnetHost(words[0]) ? 1 : 0)
            .FirstOrDefault(w => !w.StartsWith('-') && (w.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || w == words[0]));
        if (program is null || !program.Contains(Path.DirectorySeparatorChar, StringComparison.Ordinal))
        {
            return sweepDirectory;
        }

        var full = Path.GetFullPath(program, sweepDirectory);
        return File.Exists(full) ? Path.GetDirectoryName(full)! : sweepDirectory;
    }

    private static bool IsDotnetHost(string word) => Path.GetFileNameWithoutExtension(word) == "dotnet";
}
