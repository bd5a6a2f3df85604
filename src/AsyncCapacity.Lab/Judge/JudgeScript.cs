namespace AsyncCapacity.Lab.Judge;

/// <summary>k6-scripts/lib/judge.js, embedded (the csproj's EmbeddedResource): the SLA's one rule, as k6 runs it.</summary>
internal static class JudgeScript
{
    private static readonly Lazy<string> Lazy = new(() =>
    {
        using var stream = typeof(JudgeScript).Assembly.GetManifestResourceStream("judge.js")
            ?? throw new InvalidOperationException("Embedded resource 'judge.js' is missing from AsyncCapacity.Lab.");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    });

    public static string Text => Lazy.Value;
}
