namespace AsyncCapacity.Cli.Targets;

/// <summary>--app-project: built once in Release as the lab builds its own app, then its assembly started with dotnet.</summary>
internal static class UserAppBuild
{
    public static async Task<string> BuildAsync(string project, string logDirectory, CancellationToken cancellationToken)
    {
        var full = Path.GetFullPath(project);
        var directory = Path.GetDirectoryName(full)!;
        await RunAsync(["build", full, "-c", "Release", "--nologo", "-v", "q"], directory,
            Path.Combine(logDirectory, "user-app-build.log"), $"Building {project}", cancellationToken);

        // MSBuild's own answer, wherever the project puts its output (https://learn.microsoft.com/dotnet/core/tools/dotnet-build).
        var lines = await RunAsync(["msbuild", full, "-getProperty:TargetPath", "-p:Configuration=Release", "-nologo"], directory,
            Path.Combine(logDirectory, "user-app-target.log"), $"Asking MSBuild where {project} builds to", cancellationToken);
        var dll = lines.Select(l => l.Trim()).LastOrDefault(l => l.Length > 0) ?? "";
        return dll.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) && File.Exists(dll)
            ? dll
            : throw new UsageException($"--app-project {project} built no .NET assembly to start (its TargetPath is '{dll}'); "
                + "give an ASP.NET Core app's project, or start your app with --app \"COMMAND\".");
    }

    private static async Task<IReadOnlyList<string>> RunAsync(
        string[] arguments, string directory, string logPath, string what, CancellationToken cancellationToken)
    {
        var lines = new List<string>();
        await using var process = ChildProcess.Start(WebApp.DotnetHost(), arguments, directory, new Dictionary<string, string>(), logPath,
            line =>
            {
                lock (lines)
                {
                    lines.Add(line);
                }
            });
        var exitCode = await process.WaitForExitAsync(cancellationToken);
        if (exitCode != 0)
        {
            throw new HarnessException($"{what} failed (exit {exitCode}); see {logPath}:{Environment.NewLine}{process.Tail()}");
        }

        lock (lines)
        {
            return [.. lines];
        }
    }
}
