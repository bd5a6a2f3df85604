using System.Diagnostics;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// Waits for what a test needs to have happened (a request reached the server, a writer took an entry, a sample was
/// taken) instead of sleeping a fixed time and hoping: it polls until the condition holds, or fails saying what it
/// awaited and what it saw last. On a loaded machine a condition takes longer to hold; it does not hold differently.
/// </summary>
internal static class WaitFor
{
    /// <summary>Generous on purpose: others build and test on the same 2 cores, and a condition met is seen at the next poll.</summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(50);

    /// <summary>Reads until <paramref name="holds"/> is true and returns that reading; fails naming the last one otherwise.</summary>
    /// <param name="awaited">What the test waits for, as the failure message should say it ("the writer to take the entry").</param>
    /// <param name="describe">How to show a reading in the failure message (default: its ToString()).</param>
    public static async Task<T> ConditionAsync<T>(
        string awaited, Func<Task<T>> read, Func<T, bool> holds, Func<T, string>? describe = null, TimeSpan? timeout = null)
    {
        var limit = timeout ?? DefaultTimeout;
        var clock = Stopwatch.StartNew();
        while (true)
        {
            var seen = await read();
            if (holds(seen))
            {
                return seen;
            }

            if (clock.Elapsed >= limit)
            {
                var shown = describe is null ? seen?.ToString() : describe(seen);
                Assert.Fail($"Waited {limit.TotalSeconds:0.#} s for {awaited}; last seen: {shown}.");
            }

            await Task.Delay(PollInterval);
        }
    }

    /// <summary>Awaits the task; fails naming what was awaited when it has not completed within the timeout.</summary>
    public static async Task<T> CompletionAsync<T>(string awaited, Task<T> task, TimeSpan? timeout = null)
    {
        var limit = timeout ?? DefaultTimeout;
        using var expiry = new CancellationTokenSource();
        var first = await Task.WhenAny(task, Task.Delay(limit, expiry.Token));
        Assert.True(first == task, $"Waited {limit.TotalSeconds:0.#} s for {awaited}; it had not happened.");
        await expiry.CancelAsync();
        return await task;
    }
}
