using System.Diagnostics;
using System.Text;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>`docker compose up` left running: its output as it comes, and a way to wait for a line.</summary>
internal sealed class RunningCompose : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly Task _reading;

    public RunningCompose(Process process)
    {
        _process = process;
        _reading = Task.WhenAll(Read(process.StandardOutput), Read(process.StandardError));
    }

    /// <summary>Sends SIGINT to the command's process group, as Ctrl+C in its terminal would.</summary>
    public async Task InterruptAsync()
    {
        using var kill = Process.Start("kill", ["-INT", "--", $"-{_process.Id}"]);
        await kill.WaitForExitAsync();
    }

    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    public Task WaitForLineAsync(string text, TimeSpan timeout) =>
        WaitFor.ConditionAsync($"'{text}' in the output of docker compose up", () => Task.FromResult(Output),
            output => output.Contains(text, StringComparison.Ordinal),
            output => string.Join('\n', output.Split('\n').TakeLast(30)),
            timeout);

    public async Task WaitForExitAsync(TimeSpan timeout)
    {
        using var limit = new CancellationTokenSource(timeout);
        await _process.WaitForExitAsync(limit.Token);
        await _reading;
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        _process.Dispose();
    }

    private async Task Read(StreamReader reader)
    {
        while (await reader.ReadLineAsync() is { } line)
        {
            lock (_output)
            {
                _output.AppendLine(line);
            }
        }
    }
}
