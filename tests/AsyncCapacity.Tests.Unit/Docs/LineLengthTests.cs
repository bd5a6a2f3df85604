using System.Globalization;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>The root .editorconfig's max_line_length for C#: dotnet format does not wrap, so this is what holds it.</summary>
public sealed class LineLengthTests
{
    private const int MaxLineLength = 140;

    [Fact]
    public void Every_line_of_Csharp_under_src_is_at_most_140_characters()
    {
        // Arrange
        var sources = Directory.EnumerateFiles(Path.Combine(Repository.Root, "src"), "*.cs", SearchOption.AllDirectories)
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

        // Act
        var tooLong = sources
            .SelectMany(path => File.ReadLines(path).Select((line, index) => (path, line, number: index + 1)))
            .Where(l => new StringInfo(l.line).LengthInTextElements > MaxLineLength)
            .Select(l => $"{Path.GetRelativePath(Repository.Root, l.path)}:{l.number} ({l.line.Length} characters)")
            .ToList();

        // Assert
        Assert.Empty(tooLong);
    }

    [Fact]
    public void The_editorconfig_says_the_limit_for_Csharp()
    {
        // Act
        var editorConfig = File.ReadAllText(Path.Combine(Repository.Root, ".editorconfig"));

        // Assert
        Assert.Contains($"max_line_length = {MaxLineLength}", editorConfig, StringComparison.Ordinal);
    }
}
