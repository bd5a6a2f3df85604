namespace AsyncCapacity.Cli.Load;

/// <summary>The load generator ended without its results: the probe measured nothing, but the sweep goes on.</summary>
/// <param name="lastWords">Its last error line (k6's "socket: too many open files"), for the step's flag.</param>
internal sealed class LoadFailedException(string message, int exitCode, string? lastWords) : HarnessException(message)
{
    public int ExitCode => exitCode;

    public string? LastWords => lastWords;
}
