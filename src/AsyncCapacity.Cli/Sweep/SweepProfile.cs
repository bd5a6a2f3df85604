namespace AsyncCapacity.Cli.Sweep;

/// <summary>How long each step of a sweep lasts (the steps themselves are each experiment's); both can be overridden.</summary>
internal sealed record SweepProfile(string Name, double WarmupSeconds, double StepSeconds)
{
    /// <summary>A first look: short steps, every concurrency, about 2 minutes per experiment on 2 cores.</summary>
    public static SweepProfile Quick { get; } = new("quick", WarmupSeconds: 2, StepSeconds: 6);

    /// <summary>Figures to quote: longer steps smooth out the noise, about 6 minutes per experiment.</summary>
    public static SweepProfile Standard { get; } = new("standard", WarmupSeconds: 5, StepSeconds: 20);

    public static IReadOnlyList<SweepProfile> All { get; } = [Quick, Standard];

    public static SweepProfile Find(string name) =>
        All.FirstOrDefault(p => string.Equals(p.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new UsageException($"Unknown profile '{name}'. Use one of: {string.Join(", ", All.Select(p => p.Name))}.");
}
