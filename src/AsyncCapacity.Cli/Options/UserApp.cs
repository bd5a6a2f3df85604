namespace AsyncCapacity.Cli.Options;

/// <summary>A user's app as the command line names it: a command (--app) or a project to build (--app-project).</summary>
internal sealed record UserApp(string? Command, string? Project, string ReadyPath)
{
    public const string DefaultReadyPath = "/";

    public string Shown => Command is not null ? $"`{Command}`" : $"(built from {Project})";
}
