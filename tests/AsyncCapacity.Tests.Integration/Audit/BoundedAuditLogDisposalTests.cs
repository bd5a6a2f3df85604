using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Audit;

/// <summary>
/// A host whose start fails after the bounded log's (a later service threw) is disposed without being stopped. Its
/// writers must drain and end before the queue goes: one left waiting on a disposed queue threw on its own thread and
/// took the whole test host down in CI.
/// </summary>
[Collection(PostgresGroup.Name)]
public sealed class BoundedAuditLogDisposalTests(PostgresFixture postgres)
{
    [Fact]
    public async Task Disposed_without_being_stopped_the_bounded_log_writes_what_it_accepted_and_then_refuses()
    {
        // Arrange: one slow writer, three entries queued behind it
        await using var database = new LabDatabase(
            Options.Create(new DatabaseOptions { Provider = DatabaseProvider.PostgreSQL, ConnectionString = postgres.ConnectionString }),
            new DbPoolGauge(Options.Create(new DatabaseOptions())));
        var log = new BoundedAuditLog(database, Options.Create(new AuditOptions { BoundedWriters = 1, WriteDelayMs = 200 }),
            NullLogger<BoundedAuditLog>.Instance);
        var audit = new AuditClient(postgres.Client, postgres.ConnectionString);
        var entries = Enumerable.Range(0, 3)
            .Select(i => new AuditEntry("bounded", new AuditRequest($"{audit.Prefix}-{i}", "dispose", null))).ToList();
        await log.StartAsync(CancellationToken.None);
        Assert.All(entries, entry => Assert.True(log.TryAccept(entry)));

        // Act
        log.Dispose();

        // Assert: every accepted entry was committed before Dispose returned, and later ones are refused, not thrown at
        Assert.All(entries, entry => Assert.True(entry.Completion.IsCompletedSuccessfully && entry.Completion.Result is null,
            $"entry {entry.Request.Actor} was not written before the log was disposed"));
        Assert.Equal(entries.Select(e => e.Request.Actor!).Order(), (await audit.PersistedActorsAsync("bounded")).Order());
        Assert.False(log.TryAccept(new AuditEntry("bounded", new AuditRequest($"{audit.Prefix}-late", "dispose", null))));
    }
}
