using System.Collections.Concurrent;
using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Audit;

/// <summary>The field report's: dedicated threads insert one entry at a time, so throughput is capped at writers ÷ write time.</summary>
internal sealed class BoundedAuditLog(LabDatabase database, IOptions<AuditOptions> options, ILogger<BoundedAuditLog> logger)
    : IAuditLog, IHostedService, IDisposable
{
    private readonly BlockingCollection<AuditEntry> _queue = new(options.Value.BoundedQueueCapacity);
    private readonly AuditCounters _counters = new();
    private readonly List<Thread> _writers = [];
    private int _disposed;

    public string Variant => "bounded";

    public AuditStats Stats => _counters.Snapshot(_queue.Count);

    public bool TryAccept(AuditEntry entry)
    {
        try
        {
            if (_queue.TryAdd(entry))
            {
                _counters.Accepted();
                return true;
            }
        }
        catch (Exception ex) when (ex is InvalidOperationException or ObjectDisposedException)
        {
            // Adding was completed, or the log disposed: the app is shutting down.
        }

        _counters.Rejected();
        return false;
    }

    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (database.Unavailable is not null)
        {
            return Task.CompletedTask;
        }

        for (var i = 0; i < options.Value.BoundedWriters; i++)
        {
            var writer = new Thread(WriteUntilDrained) { IsBackground = true, Name = $"Audit writer {i + 1}" };
            _writers.Add(writer);
            writer.Start();
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        DrainWriters();
        return Task.CompletedTask;
    }

    /// <summary>
    /// A host whose start failed is disposed without being stopped, and a writer waiting on a disposed queue would take
    /// the process down; once only, as the container disposes this instance once per registration.
    /// </summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        DrainWriters();
        _queue.Dispose();
    }

    private void DrainWriters()
    {
        _queue.CompleteAdding();
        foreach (var writer in _writers)
        {
            writer.Join();
        }
    }

    private void WriteUntilDrained()
    {
        var delay = TimeSpan.FromMilliseconds(options.Value.WriteDelayMs);
        foreach (var entry in _queue.GetConsumingEnumerable())
        {
            if (!entry.TryClaim())
            {
                continue;
            }

            try
            {
                // One synchronous round trip and commit per entry, on this dedicated thread.
                using var lease = database.Open();
                using var command = lease.Command(AuditCommands.Insert([entry]));
                command.ExecuteNonQuery();
                Thread.Sleep(delay);
                _counters.Persisted(1);
                entry.Complete(null);
            }
            catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex))
            {
                logger.LogWarning("Audit entry {Id} not written: {Message}", entry.Id, ex.Message);
                _counters.Failed(1);
                entry.Complete(ex);
            }
        }
    }
}
