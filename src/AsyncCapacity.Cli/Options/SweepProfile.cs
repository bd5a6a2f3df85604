namespace AsyncCapacity.Cli.Options;

/// <summary>How long each step of a sweep lasts (the steps themselves are each experiment's); both can be overridden.</summary>
internal sealed record SweepProfile(string Name, double WarmupSeconds, double StepSeconds)
{
    /// <summary>A first look: short probes, each experiment's knees in about 3 minutes on 2 cores.</summary>
    public static SweepProfile Quick { get; } = new("quick", WarmupSeconds: 2, StepSeconds: 4);

    /// <summary>Figures to quote: longer probes, all six experiments in about half an hour. Precision comes from the repeats at the ends of
    /// each bracket (3 runs each: 21 s measured at each deciding load), not from one long window at every step.</summary>
    public static SweepProfile Standard { get; } = new("standard", WarmupSeconds: 3, StepSeconds: 7);

    public static IReadOnlyList<SweepProfile> All { get; } = [Quick, Standard];

    public static SweepProfile Find(string name) =>
        All.FirstOrDefault(p => string.Equals(p.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new UsageException($"Unknown profile '{name}'. Use one of: {string.Join(", ", All.Select(p => p.Name))}.");
}
