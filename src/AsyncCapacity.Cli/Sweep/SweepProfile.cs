namespace AsyncCapacity.Cli.Sweep;

/// <summary>How long and how far a sweep goes. Steps, warm-up and step length can each be overridden.</summary>
internal sealed record SweepProfile(string Name, IReadOnlyList<int> Steps, double WarmupSeconds, double StepSeconds)
{
    private static readonly int[] DefaultSteps = [1, 10, 50, 100, 200, 400];

    /// <summary>A first look: short steps, every concurrency, about 2 minutes per experiment on 2 cores.</summary>
    public static SweepProfile Quick { get; } = new("quick", DefaultSteps, WarmupSeconds: 2, StepSeconds: 6);

    /// <summary>Figures to quote: longer steps smooth out the noise, about 6 minutes per experiment.</summary>
    public static SweepProfile Standard { get; } = new("standard", DefaultSteps, WarmupSeconds: 5, StepSeconds: 20);

    public static IReadOnlyList<SweepProfile> All { get; } = [Quick, Standard];

    public static SweepProfile Find(string name) =>
        All.FirstOrDefault(p => string.Equals(p.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new UsageException($"Unknown profile '{name}'. Use one of: {string.Join(", ", All.Select(p => p.Name))}.");
}
