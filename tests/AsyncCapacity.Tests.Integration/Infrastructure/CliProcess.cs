using System.Diagnostics;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>Runs the real `capacity` CLI (the build next to the tests) from the repository root, as a user would, or any program.</summary>
internal static class CliProcess
{
    public static Task<(int ExitCode, string Output)> RunAsync(ITestOutputHelper log, TimeSpan timeout, params string[] arguments) =>
        RunAsync(log, timeout, new Dictionary<string, string>(), arguments);

    public static Task<(int ExitCode, string Output)> RunAsync(
        ITestOutputHelper log, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, params string[] arguments) =>
        RunProgramAsync(log, timeout, "dotnet", [Path.Combine(AppContext.BaseDirectory, "capacity.dll"), .. arguments],
            Repository.Root, environment);

    /// <summary>Any program, its output and errors interleaved into one text and the test's log; killed with its tree at the timeout.</summary>
    public static async Task<(int ExitCode, string Output)> RunProgramAsync(ITestOutputHelper? log, TimeSpan timeout, string program,
        IEnumerable<string> arguments, string workingDirectory, IReadOnlyDictionary<string, string> environment)
    {
        var startInfo = new ProcessStartInfo(program)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
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

            log?.WriteLine(line);
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
            throw new TimeoutException($"{program} {string.Join(' ', startInfo.ArgumentList)} did not finish within {timeout}:\n{output}");
        }

        process.WaitForExit();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }
}
