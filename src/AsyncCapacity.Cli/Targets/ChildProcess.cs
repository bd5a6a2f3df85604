using System.Diagnostics;

namespace AsyncCapacity.Cli.Targets;

/// <summary>A process the sweep started: its output goes to a log file, and disposing it kills it (and its children), so that nothing the
/// sweep started outlives it, on success, failure or Ctrl+C alike.</summary>
internal sealed class ChildProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StreamWriter _log;
    private readonly Lock _logLock = new();
    private readonly Queue<string> _tail = new();
    private readonly Action<string>? _onLine;
    private int _disposed;

    private ChildProcess(Process process, StreamWriter log, Action<string>? onLine)
    {
        _process = process;
        _log = log;
        _onLine = onLine;
    }

    public int Id => _process.Id;

    public bool HasExited => _process.HasExited;

    public string LogPath { get; private init; } = "";

    /// <param name="cpus">taskset's list ("0" or "2-3"), so that the app and k6 do not share cores; null: any.</param>
    /// <param name="quota">--app-cpus: the cgroup whose CPU quota the process joins before it starts; null: none.</param>
    /// <param name="input">Written to its standard input, which then stays open until it is killed (an SSH runner reads its test from
    /// it, and stops its k6 when it closes); null: its input is closed at once.</param>
    public static ChildProcess Start(
        string fileName, IEnumerable<string> arguments, string workingDirectory,
        IReadOnlyDictionary<string, string> environment, string logPath, Action<string>? onLine = null, string? cpus = null,
        CpuQuotaGroup? quota = null, byte[]? input = null)
    {
        if (quota is not null)
        {
            (fileName, var wrapped) = quota.Wrap(fileName, arguments);
            arguments = wrapped;
        }

        if (cpus is not null)
        {
            // taskset (util-linux) sets the affinity before the program starts, so a .NET process sizes itself to it:
            // Environment.ProcessorCount, and with it the thread pool's minimum, follow the CPUs it may use.
            arguments = ["-c", cpus, fileName, .. arguments];
            fileName = "taskset";
        }

        var startInfo = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
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

        Directory.CreateDirectory(Path.GetDirectoryName(logPath)!);
        var log = new StreamWriter(logPath, append: false) { AutoFlush = true };
        var process = new Process { StartInfo = startInfo, EnableRaisingEvents = true };
        var child = new ChildProcess(process, log, onLine) { LogPath = logPath };
        process.OutputDataReceived += (_, e) => child.Record(e.Data);
        process.ErrorDataReceived += (_, e) => child.Record(e.Data);

        try
        {
            process.Start();
        }
        catch (System.ComponentModel.Win32Exception ex)
        {
            log.Dispose();
            process.Dispose();
            throw new HarnessException($"Cannot start {fileName}: {ex.Message}");
        }

        if (input is null)
        {
            process.StandardInput.Close();
        }
        else
        {
            try
            {
                process.StandardInput.BaseStream.Write(input);
                process.StandardInput.BaseStream.Flush();
            }
            catch (IOException)
            {
                // It exited before reading it all: its output says why.
            }
        }

        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return child;
    }

    /// <summary>Waits for the process to exit; on cancellation, kills it first.</summary>
    public async Task<int> WaitForExitAsync(CancellationToken cancellationToken)
    {
        try
        {
            await _process.WaitForExitAsync(cancellationToken);
        }
        catch (OperationCanceledException)
        {
            Kill();
            throw;
        }

        _process.WaitForExit(); // drains the redirected output
        return _process.ExitCode;
    }

    /// <summary>The last lines the process printed, for error messages.</summary>
    public string Tail()
    {
        lock (_logLock)
        {
            return string.Join(Environment.NewLine, _tail);
        }
    }

    public void Kill()
    {
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }

    /// <summary>Kills and reaps the process; safe to call again (a fresh app is stopped before its timeline is read).</summary>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        Kill();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            // Killed but not reaped in time; the OS finishes it.
        }

        _process.Dispose();
        lock (_logLock)
        {
            _log.Dispose();
        }
    }

    private void Record(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_logLock)
        {
            _log.WriteLine(line);
            _tail.Enqueue(line);
            if (_tail.Count > 15)
            {
                _tail.Dequeue();
            }
        }

        _onLine?.Invoke(line);
    }
}
