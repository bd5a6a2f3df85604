using System.Diagnostics;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>Runs the real `capacity` CLI (the build next to the tests) from the repository root, as a user would.</summary>
internal static class CliProcess
{
    public static Task<(int ExitCode, string Output)> RunAsync(ITestOutputHelper log, TimeSpan timeout, params string[] arguments) =>
        RunAsync(log, timeout, new Dictionary<string, string>(), arguments);

    public static async Task<(int ExitCode, string Output)> RunAsync(
        ITestOutputHelper log, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, params string[] arguments)
    {
        var startInfo = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = Repository.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        startInfo.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "capacity.dll"));
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        foreach (var (key, value) in environment)
        {
            startInfo.Environment[key] = value;
        }

        using var process = new Process { StartInfo = startInfo };
        var output = new System.Text.StringBuilder();
        void Record(string? line)
        {
            if (line is null)
            {
                return;
            }

            lock (output)
            {
                output.AppendLine(line);
            }

            log.WriteLine(line);
        }

        process.OutputDataReceived += (_, e) => Record(e.Data);
        process.ErrorDataReceived += (_, e) => Record(e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        using var cancellation = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cancellation.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"capacity {string.Join(' ', arguments)} did not finish within {timeout}:\n{output}");
        }

        process.WaitForExit();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }
}
