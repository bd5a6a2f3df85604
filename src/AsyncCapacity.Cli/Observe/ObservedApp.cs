using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Observe;

/// <summary>An app the sweep knows the process of, read from outside while it runs (<see cref="RuntimeReader"/>): its timeline is the
/// reader's, whatever the app serves itself, and where the app does not describe itself (no /diag/runtime) the process says what it runs
/// on. An app without a process id (a URL alone) passes through unread.</summary>
internal sealed class ObservedApp : IRunningApp
{
    private readonly IRunningApp _app;
    private readonly RuntimeReader _reader;
    private readonly int _processId;

    private ObservedApp(IRunningApp app, RuntimeReader reader, int processId) => (_app, _reader, _processId) = (app, reader, processId);

    /// <summary>The app with its reader started now, as soon as it is up; the app itself when its process is not known.</summary>
    public static async Task<IRunningApp> WrapAsync(IRunningApp app)
    {
        if (app.ProcessId is not { } pid)
        {
            return app;
        }

        try
        {
            return new ObservedApp(app, RuntimeReader.Start(pid), pid);
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }
    }

    public Uri Url => _app.Url;

    /// <summary>What the reader read last (the live view of an app that does not export itself).</summary>
    public RuntimeSample? Latest => _reader.Latest;

    public int? ProcessId => _processId;

    public Uri LoadUrl => _app.LoadUrl;

    public ValueTask<bool> EndSessionsAsync() => _app.EndSessionsAsync();

    /// <summary>The app's own description if it gives one within <see cref="DescribeWithin"/>, else the reader's. Asked right after
    /// the load: a starved app answers only once the requests queued before this one have run (minutes after 1,000 two-second
    /// sleeps on 5 threads), and its reader already knows what it runs on.</summary>
    public async Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(DescribeWithin);
        RuntimeReport? own = null;
        try
        {
            own = await _app.DescribeAsync(deadline.Token);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            // Starved: the reader describes it.
        }

        return own ?? ProcessRuntime.Describe(_processId, _reader.ProcessorCount, _reader.Samples);
    }

    private static readonly TimeSpan DescribeWithin = TimeSpan.FromSeconds(3);

    /// <summary>The reader's samples, stopped before the app is: its stream ends with the app anyway.</summary>
    public async Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken)
    {
        var samples = await _reader.StopAsync(cancellationToken);
        var own = await _app.FinishAsync(summary, cancellationToken);
        return samples.Count > 0 ? samples : own;
    }

    public async ValueTask DisposeAsync()
    {
        await _reader.DisposeAsync();
        await _app.DisposeAsync();
    }
}
