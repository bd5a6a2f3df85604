namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// The thread pool's minimum as a test found it, set back when the test ends, passed or failed. An app started in the
/// test process shares its pool, and ThreadPool:MinWorkerThreads raises the minimum for every test after it.
/// </summary>
internal sealed class MinThreadsRestorer : IDisposable
{
    private readonly int _workers;
    private readonly int _io;

    public MinThreadsRestorer() => ThreadPool.GetMinThreads(out _workers, out _io);

    public void Dispose() => ThreadPool.SetMinThreads(_workers, _io);
}
