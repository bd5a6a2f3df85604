using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// The two test projects keep their promise (docs/ARCHITECTURE.md): the unit tests start nothing, so they can run in
/// parallel in seconds; whatever starts the app, a database, k6, a browser or any process is an integration test. And
/// no test is left where no project builds it, where it would never run.
/// </summary>
public sealed partial class TestProjectsTests
{
    private static readonly string Tests = Path.Combine(Repository.Root, "tests");

    /// <summary>What the unit project compiles: its own files and the shared ones.</summary>
    private static readonly string[] UnitSources = ["AsyncCapacity.Tests.Unit", "Shared"];

    [Fact]
    public void Every_folder_under_tests_is_a_project_or_the_shared_one()
    {
        // Act: a folder with C# of its own (not only a build's leftovers) and no project
        var strays = Directory.GetDirectories(Tests)
            .Where(folder => Path.GetFileName(folder) != "Shared" && Directory.GetFiles(folder, "*.csproj").Length == 0)
            .Where(folder => Sources(folder).Any())
            .Select(folder => Path.GetRelativePath(Repository.Root, folder));

        // Assert
        Assert.Empty(strays);
    }

    [Fact]
    public void No_unit_test_starts_a_process_a_server_or_touches_the_thread_pool()
    {
        // Arrange
        var sources = UnitSources.SelectMany(folder => Sources(Path.Combine(Tests, folder)));

        // Act
        var starting = (
            from path in sources
            from match in Starts().Matches(File.ReadAllText(path))
            where !IsSharedFixture(path)
            select $"{Path.GetRelativePath(Tests, path)}: {match.Value}").ToList();

        // Assert
        Assert.Empty(starting);
    }

    private static IEnumerable<string> Sources(string folder) =>
        Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !path.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    /// <summary>The app host fixture starts Kestrel, for the integration tests; the unit tests only build the app with it.</summary>
    private static bool IsSharedFixture(string path) => path.EndsWith(Path.Combine("Shared", "Infrastructure", "AppHostFixture.cs"),
        StringComparison.Ordinal);

    /// <summary>A process started, a host started or run (Kestrel), the pool's minimum set, the shared app host, a browser.</summary>
    [GeneratedRegex(@"\bProcess\.Start\b|\bnew Process\b|\bProcessStartInfo\b|\.(Start|Run)Async\(\)|\bThreadPool\.Set\w+|"
        + @"\[Collection\(AppHostGroup|\bPlaywright\b")]
    private static partial Regex Starts();
}
