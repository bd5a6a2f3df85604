namespace AsyncCapacity.Lab.Results;

/// <summary>Where a bound's units were counted: the pool's minimum, a setting, the cores; Report's BoundText says it.</summary>
public sealed record UnitsSource(UnitsSourceKind Kind)
{
    /// <summary>The setting's name ("Audit__BoundedWriters").</summary>
    public string? Setting { get; init; }

    public int? Writers { get; init; }

    public int? Queued { get; init; }

    /// <summary>Read from a results file written when sources were sentences.</summary>
    public string? Text { get; init; }

    public static UnitsSource PoolMinimum { get; } = new(UnitsSourceKind.PoolMinimum);

    public static UnitsSource PoolSize { get; } = new(UnitsSourceKind.PoolSize);

    public static UnitsSource Cores { get; } = new(UnitsSourceKind.Cores);

    public static UnitsSource Named(string setting) => new(UnitsSourceKind.Setting) { Setting = setting };

    public static UnitsSource Legacy(string text) => new(UnitsSourceKind.Legacy) { Text = text };
}

public enum UnitsSourceKind
{
    Legacy,
    PoolMinimum,
    PoolSize,
    Setting,
    Cores,
    WritingAndQueued,
}
