namespace AsyncCapacity.Lab.Results;

public sealed record UnitsSource(UnitsSourceKind Kind)
{
    public string? Setting { get; init; }

    public int? Writers { get; init; }

    public int? Queued { get; init; }

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
