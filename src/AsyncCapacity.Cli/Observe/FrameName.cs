namespace AsyncCapacity.Cli.Observe;

/// <summary>A resolved method as a frame: "Namespace.Type.Method", without TraceEvent's argument list.</summary>
internal static class FrameName
{
    public static string Of(string fullMethodName)
    {
        var arguments = fullMethodName.IndexOf('(', StringComparison.Ordinal);
        return arguments > 0 ? fullMethodName[..arguments] : fullMethodName;
    }
}
