namespace AsyncCapacity.Cli;

internal static class ExitCodes
{
    public const int Ok = 0;
    public const int BadArguments = 1;
    public const int HarnessFailure = 2;

    /// <summary>`capacity compare --fail-below PCT`: a variant's capacity fell by more than PCT, significantly.</summary>
    public const int CapacityFell = 3;

    /// <summary>`capacity docs render|check`: a page's figures are not what its runs give, or rest on flagged probes unsaid.</summary>
    public const int DocsDiffer = 4;
    public const int Interrupted = 130;
}

/// <summary>The user asked for something that cannot work; the message says what to change.</summary>
internal sealed class UsageException(string message) : Exception(message);

/// <summary>The harness could not do its job (target down, k6 missing, app failed); the message says what to do.</summary>
internal class HarnessException(string message) : Exception(message);

/// <summary>`capacity compare --fail-below`: a capacity fell by more than the gate allows; the message names which.</summary>
internal sealed class CapacityFellException(string message) : Exception(message);

/// <summary>`capacity docs`: where the pages differ from their runs, a line each.</summary>
internal sealed class DocsDifferException(string message) : Exception(message);
