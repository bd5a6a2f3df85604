namespace AsyncCapacity.Web.Audit;

/// <summary>
/// Its state decides, once and atomically, whether a writer persists it or the request gave up on it first: so every
/// 2xx has exactly one row, and no row exists that was given up on.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001",
    Justification = "The event's kernel handle is never created (only Wait and Set are used), "
        + "and disposing it while a writer may still be inside Set would race.")]
public sealed class AuditEntry(string variant, AuditRequest request)
{
    private const int Pending = 0;
    private const int Claimed = 1;
    private const int Abandoned = 2;

    private readonly TaskCompletionSource<Exception?> _completion = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly ManualResetEventSlim _done = new();
    private int _state;

    public Guid Id { get; } = Guid.NewGuid();

    public string Variant => variant;

    public AuditRequest Request => request;

    public Task<Exception?> Completion => _completion.Task;

    public ManualResetEventSlim Done => _done;

    public bool TryClaim() => Interlocked.CompareExchange(ref _state, Claimed, Pending) == Pending;

    public bool TryAbandon() => Interlocked.CompareExchange(ref _state, Abandoned, Pending) == Pending;

    public void Complete(Exception? failure)
    {
        _completion.TrySetResult(failure);
        _done.Set();
    }
}

public sealed record AuditRequest(string? Actor, string? Action, string? Detail);
