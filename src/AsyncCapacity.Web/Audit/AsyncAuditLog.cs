using System.Threading.Channels;
using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Audit;

/// <summary>Writer loops commit a batch per INSERT with asynchronous I/O: no thread waits, and a slow commit is paid per batch.</summary>
internal sealed class AsyncAuditLog(LabDatabase database, IOptions<AuditOptions> options, ILogger<AsyncAuditLog> logger)
    : IAuditLog, IHostedService
{
    private readonly Channel<AuditEntry> _channel = Channel.CreateBounded<AuditEntry>(
        // FullMode.Wait makes TryWrite answer false at once when full; the Drop modes would answer true and lose it.
        new BoundedChannelOptions(options.Value.AsyncQueueCapacity) { FullMode = BoundedChannelFullMode.Wait });

    private readonly AuditCounters _counters = new();
    private readonly List<Task> _writers = [];

    public string Variant => "async";

    public AuditStats Stats => _counters.Snapshot(_channel.Reader.Count);

    public bool TryAccept(AuditEntry entry)
    {
        if (_channel.Writer.TryWrite(entry))
        {
            _counters.Accepted();
            return true;
        }

        _counters.Rejected();
        return false;
    }

    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (database.Unavailable is null)
        {
            for (var i = 0; i < options.Value.AsyncWriters; i++)
            {
                _writers.Add(Task.Run(WriteUntilDrainedAsync, CancellationToken.None));
            }
        }

        return Task.CompletedTask;
    }

    public async Task StopAsync(CancellationToken cancellationToken)
    {
        _channel.Writer.TryComplete();
        await Task.WhenAll(_writers).WaitAsync(cancellationToken);
    }

    private async Task WriteUntilDrainedAsync()
    {
        var batch = new List<AuditEntry>(options.Value.BatchSize);
        var delay = TimeSpan.FromMilliseconds(options.Value.WriteDelayMs);
        while (await _channel.Reader.WaitToReadAsync())
        {
            batch.Clear();
            while (batch.Count < options.Value.BatchSize && _channel.Reader.TryRead(out var entry))
            {
                if (entry.TryClaim())
                {
                    batch.Add(entry);
                }
            }

            if (batch.Count == 0)
            {
                continue;
            }

            // Not the request's token: once claimed, an entry is written even if its client left, so that a
            // claimed entry and its row always go together.
            try
            {
                await using var lease = await database.OpenAsync(CancellationToken.None);
                await using var command = lease.Command(AuditCommands.Insert(batch));
                await command.ExecuteNonQueryAsync(CancellationToken.None);
                await Task.Delay(delay, CancellationToken.None);
                _counters.Persisted(batch.Count);
                batch.ForEach(e => e.Complete(null));
            }
            catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex))
            {
                logger.LogWarning("{Count} audit entries not written: {Message}", batch.Count, ex.Message);
                _counters.Failed(batch.Count);
                batch.ForEach(e => e.Complete(ex));
            }
        }
    }
}
