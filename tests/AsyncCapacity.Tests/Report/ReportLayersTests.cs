using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Report;

/// <summary>The report runs one way (docs/ARCHITECTURE.md): a folder of Report uses only the folders of earlier layers.</summary>
public sealed partial class ReportLayersTests
{
    // Read → model → view → render, as docs/ARCHITECTURE.md draws it; folders on one line are siblings and do not meet.
    private static readonly string[][] Layers =
    [
        ["Assets", "Search", "Waits"],
        ["Results"],
        ["K6", "Formatting"],
        ["Analysis", "Laws"],
        ["View"],
        ["Html"],
        ["Compare"],
    ];

    private static readonly string Source = Path.Combine(Repository.Root, "src", "AsyncCapacity.Report");

    [Fact]
    public void Every_folder_of_the_report_has_its_place_in_the_layers()
    {
        var folders = Directory.GetDirectories(Source)
            .Where(d => Directory.EnumerateFiles(d, "*.cs").Any())
            .Select(Path.GetFileName)
            .Order(StringComparer.Ordinal);

        Assert.Equal(Layers.SelectMany(l => l).Order(StringComparer.Ordinal), folders);
    }

    [Fact]
    public void No_folder_of_the_report_uses_a_folder_of_its_own_layer_or_a_later_one()
    {
        // Arrange
        var layerOf = Layers.SelectMany((folders, layer) => folders.Select(f => (f, layer))).ToDictionary(p => p.f, p => p.layer);

        // Act: every `using AsyncCapacity.Report.X` and every `X.Type` naming another folder
        var upstream = (
            from folder in layerOf.Keys
            from file in Directory.EnumerateFiles(Path.Combine(Source, folder), "*.cs")
            from match in FolderReference().Matches(File.ReadAllText(file))
            let used = match.Groups["using"].Success ? match.Groups["using"].Value : match.Groups["qualified"].Value
            where layerOf.ContainsKey(used) && used != folder && layerOf[used] >= layerOf[folder]
            select $"{folder}/{Path.GetFileName(file)} uses {used}").ToList();

        // Assert
        Assert.Empty(upstream);
    }

    [GeneratedRegex(@"^using AsyncCapacity\.Report\.(?<using>\w+);|(?<![\w.])(?<qualified>[A-Z]\w*)\.[A-Z]\w*", RegexOptions.Multiline)]
    private static partial Regex FolderReference();
}
