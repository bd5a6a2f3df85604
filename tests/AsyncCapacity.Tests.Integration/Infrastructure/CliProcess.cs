using System.Diagnostics;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>Runs the real `capacity` CLI (the build next to the tests) from the repository root, as a user would.</summary>
internal static class CliProcess
{
    public static Task<(int ExitCode, string Output)> RunAsync(ITestOutputHelper log, TimeSpan timeout, params string[] arguments) =>
        RunAsync(log, timeout, new Dictionary<string, string>(), arguments);

    public static Task<(int ExitCode, string Output)> RunAsync(
        ITestOutputHelper log, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, params string[] arguments) =>
        RunAsync(log, timeout, environment, arguments, interruptAt: null);

    /// <summary>Runs it and sends it SIGINT, as Ctrl+C does, once it prints a line <paramref name="interruptAt"/> accepts.</summary>
    public static Task<(int ExitCode, string Output)> InterruptedAsync(
        ITestOutputHelper log, TimeSpan timeout, Func<string, bool> interruptAt, params string[] arguments) =>
        RunAsync(log, timeout, new Dictionary<string, string>(), arguments, interruptAt);

    private static async Task<(int ExitCode, string Output)> RunAsync(
        ITestOutputHelper log, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, string[] arguments,
        Func<string, bool>? interruptAt)
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
        var interrupted = 0;
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
            if (interruptAt?.Invoke(line) == true && Interlocked.Exchange(ref interrupted, 1) == 0)
            {
                using var kill = Process.Start("kill", ["-INT", process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
                kill.WaitForExit();
            }
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
