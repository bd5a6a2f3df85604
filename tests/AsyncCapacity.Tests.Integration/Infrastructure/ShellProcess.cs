using System.Diagnostics;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>Runs a program from the repository root and collects its output; a null value removes a variable.</summary>
internal static class ShellProcess
{
    public static async Task<(int ExitCode, string Output, string Errors)> RunAsync(
        string program, IEnumerable<string> arguments, IReadOnlyDictionary<string, string?> environment)
    {
        var startInfo = new ProcessStartInfo(program)
        {
            WorkingDirectory = Repository.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment)
        {
            if (value is null)
            {
                startInfo.Environment.Remove(name);
            }
            else
            {
                startInfo.Environment[name] = value;
            }
        }

        using var process = Process.Start(startInfo)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(' ', startInfo.ArgumentList)} did not finish within 2 minutes");
        }

        return (process.ExitCode, await output, await errors);
    }
}
