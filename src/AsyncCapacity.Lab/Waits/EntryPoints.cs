namespace AsyncCapacity.Lab.Waits;

/// <summary>Top-level statements become "Program.&lt;Main&gt;$"
/// (https://learn.microsoft.com/dotnet/csharp/fundamentals/program-structure/top-level-statements).</summary>
public static class EntryPoints
{
    public static bool IsEntryPoint(string frame) =>
        frame.EndsWith(".Main", StringComparison.Ordinal) || frame.EndsWith(".<Main>$", StringComparison.Ordinal)
        || frame.EndsWith(".<Main>", StringComparison.Ordinal)
        || frame.Contains("+<<Main>$>d__", StringComparison.Ordinal) || frame.Contains("+<Main>d__", StringComparison.Ordinal);
}
