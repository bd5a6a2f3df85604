namespace AsyncCapacity.Lab.Waits;

/// <summary>The JIT inlined a small handler into the framework's compiled invoker (MVC's ActionMethodExecutor,
/// "dynamicClass.lambda_method"), so the blocking call is the last runtime frame before the framework's.</summary>
public static class InlinedHandlers
{
    private const string CompiledInvoker = "dynamicClass.";

    public static (string Call, string Into)? BlockedIn(IReadOnlyList<string> names)
    {
        var outside = 0;
        while (outside < names.Count && IsRuntime(names[outside]))
        {
            outside++;
        }

        if (outside == 0 || outside == names.Count || !BlocksAThread(names.Take(outside)))
        {
            return null;
        }

        var into = names.Skip(outside).FirstOrDefault(n => !n.StartsWith(CompiledInvoker, StringComparison.Ordinal));
        return into is not null && IsAspNetCore(into) ? (names[outside - 1], into) : null;
    }

    private static bool IsRuntime(string name) => name.StartsWith("System.", StringComparison.Ordinal)
        || name.StartsWith("Interop+", StringComparison.Ordinal);

    private static bool IsAspNetCore(string name) => name.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal);

    // Waits that hold the thread until something else happens: the runtime's blocking primitives and synchronous I/O.
    private static bool BlocksAThread(IEnumerable<string> chain) => chain.Any(name => BlockingFrames.Any(
        frame => name.StartsWith(frame, StringComparison.Ordinal)));

    private static readonly string[] BlockingFrames =
    [
        "System.Threading.Monitor.", "System.Threading.WaitHandle.", "System.Threading.ManualResetEventSlim.Wait",
        "System.Threading.SemaphoreSlim.Wait", "System.Threading.Thread.Sleep", "System.Threading.Tasks.Task.Wait",
        "System.Threading.Tasks.Task.InternalWait", "System.Net.Sockets.Socket.Receive", "System.Net.Sockets.Socket.Send",
        "System.IO.RandomAccess.", "System.IO.FileStream.Read", "System.IO.FileStream.Write", "Interop+Sys.",
    ];
}
