namespace AsyncCapacity.Cli.Options;

/// <summary>No connection string: the sweep starts a private PostgreSQL when experiments need one.</summary>
internal sealed record DatabaseSettings(string Provider, string? ConnectionString, int PoolSize)
{
    public const int DefaultPoolSize = 100;
    public static IReadOnlyList<string> Providers { get; } = ["PostgreSQL", "SqlServer"];
}
