using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// One name per idea (docs/ARCHITECTURE.md, "One name per idea"): a load held under --sustain is a **held load**, never "a
/// hold" (the resources a request holds are holds, and have their hold time), and its time under load is the **horizon**,
/// never a "sustained horizon"; the curve is **capacity over time**, never a "sustained capacity". Read in everything a user or
/// a contributor reads: the README, the docs and the code's words and comments. The glossary's own table names the retired
/// names, and is left out.
/// </summary>
public sealed partial class NamesTests
{
    public static TheoryData<string> Files() => [.. Paths()];

    private static List<string> Paths()
    {
        var source = Path.Combine(Repository.Root, "src");
        var files = Directory.EnumerateFiles(source, "*.*", SearchOption.AllDirectories)
            .Where(f => f.EndsWith(".cs", StringComparison.Ordinal) || f.EndsWith(".md", StringComparison.Ordinal))
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Concat(Directory.GetFiles(Path.Combine(Repository.Root, "docs"), "*.md"))
            .Concat(Directory.GetFiles(Path.Combine(Repository.Root, "docs", "workshop"), "*.md"))
            .Append(Path.Combine(Repository.Root, "README.md"));
        return [.. files.Select(f => Path.GetRelativePath(Repository.Root, f)).Order(StringComparer.Ordinal)];
    }

    [Fact]
    public void The_names_are_read_in_the_code_and_the_docs()
    {
        // Assert: the scan reaches the report's words, the CLI's, the lab's and the workshop
        var files = Paths();
        Assert.Contains(Path.Combine("src", "AsyncCapacity.Report", "Formatting", "SustainedText.cs"), files);
        Assert.Contains(Path.Combine("docs", "workshop", "03-horizon.md"), files);
        Assert.Contains(Path.Combine("docs", "ARCHITECTURE.md"), files);
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void No_retired_name_is_used(string file)
    {
        // Arrange
        var lines = File.ReadAllLines(Path.Combine(Repository.Root, file));

        // Act: the glossary's table (its rows begin "| **") names them, to retire them
        var used = lines.Select((line, i) => (Line: i + 1, Text: line))
            .Where(l => !l.Text.StartsWith("| **", StringComparison.Ordinal))
            .SelectMany(l => Retired().Matches(l.Text).Select(m => $"{file}:{l.Line}: \"{m.Value}\""))
            .ToList();

        // Assert
        Assert.True(used.Count == 0, "retired names (docs/ARCHITECTURE.md, \"One name per idea\"):\n" + string.Join('\n', used));
    }

    /// <summary>"sustained load", "sustained horizon", "sustained capacity"; "a hold", "the hold's", "each hold" as a load held
    /// (not "a hold time", "each hold one file", "what the side holds").</summary>
    [GeneratedRegex(@"\bsustained (loads?|horizon|capacity|capacities|measurements?)\b|\b(the|a|each|every|before|after|per) (hold|holds|hold's|holds')(?![\w-])(?! (time|times|per|a|an|the|it|them|one|its|loads?|sessions?|for|in|enough|nothing|under|when|instead|still|up|on|to|at|their|this|every|each|no|any|all|longer|so|two))",
        RegexOptions.IgnoreCase)]
    private static partial Regex Retired();
}
