namespace AsyncCapacity.Lab.Waits;

/// <summary>
/// An app's entry point as a frame: "Program.Main", or the method C# makes of top-level statements, "Program.&lt;Main&gt;$"
/// (https://learn.microsoft.com/dotnet/csharp/fundamentals/program-structure/top-level-statements), in any namespace.
/// An async Main runs in its state machine ("Program+&lt;&lt;Main&gt;$&gt;d__0.MoveNext"). Read on the frame as resolved: a
/// lambda of top-level statements ("Program+&lt;&gt;c.&lt;&lt;Main&gt;$&gt;b__0_0") is not one.
/// </summary>
public static class EntryPoints
{
    public static bool IsEntryPoint(string frame) =>
        frame.EndsWith(".Main", StringComparison.Ordinal) || frame.EndsWith(".<Main>$", StringComparison.Ordinal)
        || frame.EndsWith(".<Main>", StringComparison.Ordinal)
        || frame.Contains("+<<Main>$>d__", StringComparison.Ordinal) || frame.Contains("+<Main>d__", StringComparison.Ordinal);
}
