using System.Text.RegularExpressions;
using System.Xml.Linq;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// Every project runs one way (docs/ARCHITECTURE.md): the projects reference each other in one direction, and inside each
/// a folder uses only the folders of earlier layers, so that no two folders use each other.
/// </summary>
public sealed partial class LayersTests
{
    /// <summary>Each project's layers, first to last; folders on one line are siblings and do not meet.</summary>
    public static TheoryData<string, string[][]> Projects => new()
    {
        { "AsyncCapacity.Lab", [["Measure", "Search", "Waits"], ["Results"], ["Judge", "Laws"], ["Horizon"], ["Analysis"], ["Sweep"]] },
        { "AsyncCapacity.Report", [["Assets"], ["Formatting"], ["View"], ["Html"], ["Compare"]] },
        { "AsyncCapacity.Contracts", [["Gauges", "Load"], ["Experiments", "Runtime"]] },
        {
            "AsyncCapacity.Web",
            [
                ["Gauges", "Settings", "Validation"],
                ["Content", "Database", "Hosting", "RequestQueue", "Telemetry", "WebSockets"],
                ["Audit"],
                ["Diagnostics", "Experiments"],
            ]
        },
        { "AsyncCapacity.Cli", [["Import", "Options"], ["Output"], ["Targets"], ["Live", "Observe"], ["Load"], ["Sweep"], ["Commands"]] },
    };

    /// <summary>Which projects each may reference: Contracts → Lab → Report → Cli, and Web beside them on Contracts.</summary>
    private static readonly Dictionary<string, string[]> References = new()
    {
        ["AsyncCapacity.Contracts"] = [],
        ["AsyncCapacity.Lab"] = ["AsyncCapacity.Contracts"],
        ["AsyncCapacity.Report"] = ["AsyncCapacity.Contracts", "AsyncCapacity.Lab"],
        ["AsyncCapacity.Cli"] = ["AsyncCapacity.Contracts", "AsyncCapacity.Lab", "AsyncCapacity.Report", "AsyncCapacity.StartupHook"],
        ["AsyncCapacity.Web"] = ["AsyncCapacity.Contracts"],
        ["AsyncCapacity.StartupHook"] = [],
    };

    private static readonly string Source = Path.Combine(Repository.Root, "src");

    [Fact]
    public void The_projects_reference_each_other_one_way()
    {
        // Act
        var projects = Directory.GetDirectories(Source).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        var referenced = projects.ToDictionary(p => p!, p => XDocument.Load(Path.Combine(Source, p!, $"{p}.csproj"))
            .Descendants("ProjectReference").Select(r => Path.GetFileNameWithoutExtension(r.Attribute("Include")!.Value))
            .Order(StringComparer.Ordinal).ToList());

        // Assert
        Assert.Equal(References.Keys.Order(StringComparer.Ordinal), projects);
        Assert.All(referenced, p => Assert.Equal(References[p.Key].Order(StringComparer.Ordinal), p.Value));
    }

    [Theory]
    [MemberData(nameof(Projects))]
    public void Every_folder_of_a_project_has_its_place_in_its_layers(string project, string[][] layers)
    {
        // Act
        var folders = Directory.GetDirectories(Path.Combine(Source, project))
            .Where(d => Directory.EnumerateFiles(d, "*.cs").Any())
            .Select(Path.GetFileName)
            .Order(StringComparer.Ordinal);

        // Assert
        Assert.Equal(layers.SelectMany(l => l).Order(StringComparer.Ordinal), folders);
    }

    [Theory]
    [MemberData(nameof(Projects))]
    public void No_folder_uses_a_folder_of_its_own_layer_or_a_later_one(string project, string[][] layers)
    {
        // Arrange
        var layerOf = layers.SelectMany((folders, layer) => folders.Select(f => (f, layer))).ToDictionary(p => p.f, p => p.layer);
        var root = Path.Combine(Source, project);

        // Act: every `using <project>.X` and every `X.Type` naming another folder
        var upstream = (
            from folder in layerOf.Keys
            from file in Directory.EnumerateFiles(Path.Combine(root, folder), "*.cs")
            from match in FolderReference(project).Matches(File.ReadAllText(file))
            let used = match.Groups["using"].Success ? match.Groups["using"].Value : match.Groups["qualified"].Value
            where layerOf.ContainsKey(used) && used != folder && layerOf[used] >= layerOf[folder]
            select $"{folder}/{Path.GetFileName(file)} uses {used}").ToList();

        // Assert
        Assert.Empty(upstream);
    }

    private static Regex FolderReference(string project) => new(
        $@"^using {Regex.Escape(project)}\.(?<using>\w+);|(?<![\w.])(?<qualified>[A-Z]\w*)\.[A-Z]\w*", RegexOptions.Multiline);
}
