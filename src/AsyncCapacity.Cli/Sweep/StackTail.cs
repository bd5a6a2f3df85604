using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The app's thread stacks just after the measured window, while the load stays on (its tail), so the window is not disturbed;
/// kept beside the raw results. A snapshot that fails costs the step its waits, not the sweep.</summary>
internal static class StackTail
{
    public static async Task<StackSnapshot?> TakeAsync(
        SweepContext run, int pid, string name, double windowEndSeconds, ILoadRun load, CancellationToken cancellationToken)
    {
        if (await Task.WhenAny(load.ScenariosStart, load.Exited) != load.ScenariosStart)
        {
            return null;
        }

        var windowEnd = DateTimeOffset.FromUnixTimeMilliseconds(await load.ScenariosStart)
            .AddSeconds(windowEndSeconds + 0.1);
        var wait = windowEnd - DateTimeOffset.UtcNow;
        if (wait > TimeSpan.Zero)
        {
            await Task.Delay(wait, cancellationToken);
        }

        try
        {
            var snapshot = await ThreadStacks.TakeAsync(pid, cancellationToken);
            await File.WriteAllTextAsync(Path.Combine(run.RawDirectory, $"{name}-stacks.json"),
                System.Text.Json.JsonSerializer.Serialize(snapshot, WireJson.Options), cancellationToken);
            return snapshot;
        }
        catch (HarnessException ex)
        {
            run.Progress.Warn($"no thread stacks for {name}: {ex.Message}");
            return null;
        }
    }
}
