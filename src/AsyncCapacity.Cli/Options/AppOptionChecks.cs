using System.CommandLine;
using System.CommandLine.Parsing;

namespace AsyncCapacity.Cli.Options;

/// <summary>The options naming your app, each checked where it is declared: a process that runs, a command, a project, a path.</summary>
internal static class AppOptionChecks
{
    public static Option<int?> TargetPid() => new("--target-pid")
    {
        Description = "With --target: your app's process id on this machine (pgrep -f MyApp, dotnet-counters ps), so its runtime "
            + "and thread stacks are read from outside (EventPipe), as for an app the sweep starts.",
        Validators = { RequireRunning },
    };

    public static Option<string?> App() => new("--app")
    {
        Description = "Your app's command, started fresh for every probe and stopped after it (the whole process tree): "
            + "\"dotnet MyApp.dll\". {port} and {url} are replaced by a free loopback port and its URL (\"./MyApp --urls {url}\"); "
            + "without them the sweep sets ASPNETCORE_URLS. No shell runs it, so its process is your app's (give the built app, "
            + "not `dotnet run`).",
        Validators = { result => RequireWords(result, "--app") },
    };

    public static Option<FileInfo?> AppProject() => new("--app-project")
    {
        Description = "Your app's project (MyApp.csproj): built once in Release (dotnet build -c Release), then its assembly started with "
            + "dotnet for every probe, as with --app.",
        Validators = { result => RequireProject(result) },
    };

    public static Option<string?> AppReady() => new("--app-ready")
    {
        Description = "The path that says your app is serving: the sweep waits for any answer below 500 on it before each probe (30 s at "
            + $"most), and k6 checks it before the load [default: {UserApp.DefaultReadyPath} for --app; /healthz for the lab's own app].",
        Validators =
        {
            result =>
            {
                if (result.GetValueOrDefault<string?>() is { } path && (!path.StartsWith('/') || path.Any(char.IsWhiteSpace)))
                {
                    result.AddError($"--app-ready takes a path that starts with /, such as /healthz; got '{path}'.");
                }
            },
        },
    };

    private static void RequireRunning(OptionResult result)
    {
        if (result.GetValueOrDefault<int?>() is not { } pid)
        {
            return;
        }

        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(pid);
        }
        catch (ArgumentException)
        {
            result.AddError($"--target-pid {pid}: no process with that id is running on this machine; give your app's (pgrep -f MyApp).");
        }
    }

    private static void RequireWords(OptionResult result, string name)
    {
        if (result.GetValueOrDefault<string?>() is not { } command)
        {
            return;
        }

        try
        {
            CommandLineWords.Split(command);
        }
        catch (FormatException ex)
        {
            result.AddError($"{name} takes your app's command, such as \"dotnet MyApp.dll\"; got '{command}': {ex.Message}.");
        }
    }

    private static void RequireProject(OptionResult result)
    {
        var project = result.GetValueOrDefault<FileInfo?>();
        if (project is not null && (!project.Exists || !project.Extension.EndsWith("proj", StringComparison.Ordinal)))
        {
            result.AddError($"--app-project takes your app's project file, such as src/MyApp/MyApp.csproj; {project.FullName} "
                + (project.Exists ? "is not one." : "does not exist."));
        }
    }
}
