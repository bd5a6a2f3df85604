// Loaded by the runtime before a user's app runs its Main, when the sweep sets DOTNET_STARTUP_HOOKS to this assembly:
// https://github.com/dotnet/runtime/blob/main/docs/design/features/host-startup-hook.md
public static class StartupHook
{
    // The sweep's --min-threads for an app it does not own: no file of the app is touched.
    public const string MinThreadsVariable = "ASYNCCAPACITY_MIN_THREADS";

    public static void Initialize()
    {
        var raw = Environment.GetEnvironmentVariable(MinThreadsVariable);
        if (string.IsNullOrEmpty(raw))
        {
            return;
        }

        ThreadPool.GetMinThreads(out _, out var completionPorts);
        if (!int.TryParse(raw, out var workers) || !ThreadPool.SetMinThreads(workers, completionPorts))
        {
            ThreadPool.GetMaxThreads(out var max, out _);
            Console.Error.WriteLine($"error: {MinThreadsVariable}={raw}: ThreadPool.SetMinThreads refused it (a whole number to {max}).");
            Environment.Exit(78);
        }
    }
}
