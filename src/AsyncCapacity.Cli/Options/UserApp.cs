namespace AsyncCapacity.Cli.Options;

/// <summary>A user's app as the command line names it: a command (--app) or a project to build (--app-project), started in
/// <paramref name="Directory"/> (--app-dir), else in its own folder.</summary>
internal sealed record UserApp(string? Command, string? Project, string ReadyPath, string? Directory = null)
{
    public const string DefaultReadyPath = "/";

    /// <summary>Where it starts: --app-dir, else the folder of the command's assembly or program (--app-project: the build
    /// output, known once built), else the sweep's own.</summary>
    public string? FolderBeforeBuild => Directory ?? (Command is { } command
        ? AppFolder.Of(CommandLineWords.Split(command), System.Environment.CurrentDirectory) : null);

    public string Shown => Command is not null ? $"`{Command}`" : $"(built from {Project})";
}
