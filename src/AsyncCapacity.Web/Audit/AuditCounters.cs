namespace AsyncCapacity.Web.Audit;

public sealed class AuditCounters
{
    private long _accepted;
    private long _persisted;
    private long _rejected;
    private long _failed;

    public void Accepted() => Interlocked.Increment(ref _accepted);

    public void Persisted(int count) => Interlocked.Add(ref _persisted, count);

    public void Rejected() => Interlocked.Increment(ref _rejected);

    public void Failed(int count) => Interlocked.Add(ref _failed, count);

    public AuditStats Snapshot(int queued) => new(
        Interlocked.Read(ref _accepted), Interlocked.Read(ref _persisted), Interlocked.Read(ref _rejected),
        Interlocked.Read(ref _failed), queued);
}
