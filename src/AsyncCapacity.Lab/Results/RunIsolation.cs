namespace AsyncCapacity.Lab.Results;

public sealed record RunIsolation(RunIsolationKind Kind)
{
    public double? CooldownSeconds { get; init; }

    public string? Text { get; init; }

    public static RunIsolation FreshPerProbe { get; } = new(RunIsolationKind.FreshPerProbe);

    public static RunIsolation Legacy(string text) => new(RunIsolationKind.Legacy) { Text = text };
}

public enum RunIsolationKind
{
    Legacy,
    FreshPerProbe,
    OneProcessPerRun,
    OneProcessForSteps,
}
