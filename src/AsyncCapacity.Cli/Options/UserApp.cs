namespace AsyncCapacity.Cli.Options;

/// <summary>A user's app as the command line names it: a command (--app) or a project to build (--app-project), started in
/// <paramref name="Directory"/> (--app-dir), else in its own folder.</summary>
internal sealed record UserApp(string? Command, string? Project, string ReadyPath, string? Directory = null)
{
    public const string DefaultReadyPath = "/";

    public string Shown => Command is not null ? $"`{Command}`" : $"(built from {Project})";
}
