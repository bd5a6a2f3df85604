using System.Diagnostics;

namespace AsyncCapacity.Tests.Docs;

/// <summary>One of docs/workshop/runs' python scripts, run from a page's folder (the runs' paths in it are the page's), as render.sh
/// runs it: its exit code, its output with \n lines, and what it said on stderr.</summary>
internal static class RunsScript
{
    public static async Task<(int ExitCode, string Output, string Errors)> RunAsync(
        string script, string workingDirectory, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo("python3")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = workingDirectory,
        };
        start.ArgumentList.Add(Path.Combine(WorkshopPages.Runs, script));
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var python = Process.Start(start)!;
        var (output, errors) = (python.StandardOutput.ReadToEndAsync(), python.StandardError.ReadToEndAsync());
        await python.WaitForExitAsync();
        return (python.ExitCode, (await output).ReplaceLineEndings("\n"), await errors);
    }
}
