using System.Text.RegularExpressions;
using System.Xml.Linq;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// Every project runs one way (docs/ARCHITECTURE.md): the projects reference each other in one direction, and inside each
/// a folder (or a file at the project's root) uses only those of earlier layers, so that no two of them use each other.
/// A use is a `using` of any kind (static, alias, global), a name qualified by the project's namespace or by a folder,
/// or the name of a type a root file declares (its namespace, the project's own, needs no `using`).
/// </summary>
public sealed partial class LayersTests
{
    /// <summary>Each project's layers, first to last: its folders and its root files (by file name); those on one line are
    /// siblings and do not meet.</summary>
    public static TheoryData<string, string[][]> Projects => new()
    {
        { "AsyncCapacity.Lab", [["Measure", "Search", "Waits"], ["Results"], ["Judge", "Laws"], ["Pool"], ["Horizon"], ["Analysis"], ["Sweep"]] },
        { "AsyncCapacity.Report", [["Assets"], ["Formatting"], ["View"], ["Html"], ["Compare"], ["Docs"]] },
        { "AsyncCapacity.Contracts", [["Gauges", "Load", "Sla.cs", "UserInput.cs", "WireJson.cs"], ["Experiments", "Runtime"]] },
        {
            "AsyncCapacity.Web",
            [
                ["Gauges", "Settings", "Validation"],
                ["Content", "Database", "Hosting", "RequestQueue", "Telemetry", "WebSockets"],
                ["Audit"],
                ["Diagnostics", "Experiments"],
                ["AsyncCapacityApp.cs"],
                ["Program.cs"],
            ]
        },
        {
            "AsyncCapacity.Cli",
            [
                ["ExitCodes.cs", "UserCache.cs"], ["Import", "Options", "RepositoryLayout.cs"], ["Output"], ["Targets"],
                ["Live", "Observe"], ["Load"], ["Sweep"], ["Commands"], ["Program.cs"],
            ]
        },
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
    public void Every_folder_and_root_file_of_a_project_has_its_place_in_its_layers(string project, string[][] layers)
    {
        // Act
        var units = Units(project).Keys.Order(StringComparer.Ordinal);

        // Assert
        Assert.Equal(layers.SelectMany(l => l).Order(StringComparer.Ordinal), units);
    }

    [Theory]
    [MemberData(nameof(Projects))]
    public void Nothing_uses_a_folder_or_root_file_of_its_own_layer_or_a_later_one(string project, string[][] layers)
    {
        // Arrange
        var layerOf = layers.SelectMany((units, layer) => units.Select(u => (u, layer))).ToDictionary(p => p.u, p => p.layer);
        var units = Units(project);
        var rootTypes = RootTypes(units);

        // Act
        var upstream = (
            from unit in units
            where layerOf.ContainsKey(unit.Key)
            from file in unit.Value
            from used in Uses(project, Code(file), rootTypes)
            where layerOf.ContainsKey(used) && used != unit.Key && layerOf[used] >= layerOf[unit.Key]
            select $"{Path.GetRelativePath(Source, file)} uses {used}").Distinct().ToList();

        // Assert
        Assert.Empty(upstream);
    }

    [Fact]
    public void A_use_is_seen_in_every_form_it_takes()
    {
        // Arrange: a folder Sweep and a root file ExitCodes.cs declaring HarnessException
        var rootTypes = new Dictionary<string, string> { ["HarnessException"] = "ExitCodes.cs" };
        string[] forms =
        [
            "using AsyncCapacity.Cli.Sweep;", "using static AsyncCapacity.Cli.Sweep.SweepRunner;",
            "using Runner = AsyncCapacity.Cli.Sweep.SweepRunner;", "global using AsyncCapacity.Cli.Sweep;",
            "var runner = new AsyncCapacity.Cli.Sweep.SweepRunner();", "var runner = new Sweep.SweepRunner();",
        ];

        // Act
        var seen = forms.Select(form => Uses("AsyncCapacity.Cli", form, rootTypes).ToList()).ToList();

        // Assert
        Assert.All(seen, uses => Assert.Equal(["Sweep"], uses));
        Assert.Equal(["ExitCodes.cs"], Uses("AsyncCapacity.Cli", "throw new HarnessException(\"k6 is missing\");", rootTypes));
        Assert.Empty(Uses("AsyncCapacity.Cli", "var exception = new HarnessExceptionLike();", rootTypes));
    }

    /// <summary>A project's folders and root files, each with its C# files.</summary>
    private static Dictionary<string, string[]> Units(string project)
    {
        var root = Path.Combine(Source, project);
        var folders = Directory.GetDirectories(root)
            .Select(folder => (Name: Path.GetFileName(folder), Files: Directory.GetFiles(folder, "*.cs", SearchOption.AllDirectories)))
            .Where(folder => folder.Name is not ("bin" or "obj") && folder.Files.Length > 0);
        var rootFiles = Directory.GetFiles(root, "*.cs").Select(file => (Name: Path.GetFileName(file), Files: new[] { file }));
        return folders.Concat(rootFiles).ToDictionary(unit => unit.Name, unit => unit.Files);
    }

    /// <summary>The types the project's root files declare, each with its file: a folder reaches them without a `using`.</summary>
    private static Dictionary<string, string> RootTypes(Dictionary<string, string[]> units) =>
        units.Where(unit => unit.Key.EndsWith(".cs", StringComparison.Ordinal))
            .SelectMany(unit => TypeDeclaration().Matches(Code(unit.Value[0])).Select(m => (Type: m.Groups[1].Value, File: unit.Key)))
            .ToDictionary(t => t.Type, t => t.File);

    private static IEnumerable<string> Uses(string project, string code, Dictionary<string, string> rootTypes)
    {
        var folders = new Regex($@"(?<![\w.]){Regex.Escape(project)}\.(?<folder>\w+)|(?<![\w.])(?<folder>[A-Z]\w*)\.[A-Z]\w*");
        var named = folders.Matches(code).Select(m => m.Groups["folder"].Value);
        var roots = rootTypes.Where(t => Regex.IsMatch(code, $@"\b{t.Key}\b")).Select(t => t.Value);
        return named.Concat(roots).Distinct();
    }

    /// <summary>A file without its whole-line comments, which may name what they explain.</summary>
    private static string Code(string file) =>
        string.Join('\n', File.ReadLines(file).Where(line => !line.TrimStart().StartsWith("//", StringComparison.Ordinal)));

    [GeneratedRegex(@"^\s*(?:(?:public|internal|sealed|static|abstract|partial|readonly)\s+)*(?:class|record|struct|interface|enum)\s+(\w+)",
        RegexOptions.Multiline)]
    private static partial Regex TypeDeclaration();
}
