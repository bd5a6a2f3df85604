using System.IO.Compression;
using System.Net;
using System.Text.Json;
using System.Xml.Linq;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Tool;

/// <summary>The package `dotnet pack` makes: a .NET tool named capacity that depends on nothing, rolls forward to newer
/// runtimes, and carries under tools/ what the CLI reads besides k6 and PostgreSQL, built from this repository's sources.</summary>
[Collection(InstalledToolGroup.Name)]
[Trait("Category", "EndToEnd")]
public sealed class ToolPackageTests(PackedTool tool) : IDisposable
{
    private const string Tools = "tools/net10.0/any/";
    private readonly string _logs = Directory.CreateTempSubdirectory("capacity-tool-app-").FullName;

    [Fact]
    public void The_package_is_the_capacity_tool_with_no_dependencies_and_every_file_under_tools()
    {
        // Act
        using var package = ZipFile.OpenRead(tool.Package);
        var nuspec = XDocument.Load(package.GetEntry("AsyncCapacity.nuspec")!.Open());
        var settings = XDocument.Load(package.GetEntry(Tools + "DotnetToolSettings.xml")!.Open());
        using var runtimeConfig = JsonDocument.Parse(package.GetEntry(Tools + "capacity.runtimeconfig.json")!.Open());

        // Assert: a tool, called capacity, that brings everything it runs on (no package to resolve at install)
        var metadata = nuspec.Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        Assert.Equal("DotnetTool", metadata.Descendants().Single(e => e.Name.LocalName == "packageType").Attribute("name")!.Value);
        Assert.DoesNotContain(metadata.Descendants(), e => e.Name.LocalName == "dependencies");
        var command = settings.Descendants("Command").Single();
        Assert.Equal(("capacity", "capacity.dll"), (command.Attribute("Name")!.Value, command.Attribute("EntryPoint")!.Value));
        Assert.Equal("Major", runtimeConfig.RootElement.GetProperty("runtimeOptions").GetProperty("rollForward").GetString());

        // Assert: the files are the tool's, all under tools/ (beside the package's own metadata)
        Assert.All(package.Entries.Select(e => e.FullName).Where(n => !n.StartsWith(Tools, StringComparison.Ordinal)),
            name => Assert.True(name is "AsyncCapacity.nuspec" or "[Content_Types].xml" || name.StartsWith("_rels/", StringComparison.Ordinal)
                || name.StartsWith("package/", StringComparison.Ordinal), $"{name} is outside {Tools}"));
        foreach (var file in (string[])["capacity.dll", "AsyncCapacity.StartupHook.dll", "app/AsyncCapacity.Web.dll",
            "app/AsyncCapacity.Web.runtimeconfig.json", "minimal/MinimalApp.dll", "tools/AspireDashboard/AspireDashboard.csproj"])
        {
            Assert.NotNull(package.GetEntry(Tools + file));
        }
    }

    [Fact]
    public void The_scripts_and_declarations_in_the_package_are_the_repositorys()
    {
        // Arrange
        using var package = ZipFile.OpenRead(tool.Package);
        var sources = (string[])["k6-scripts", "experiments"];

        // Act
        var repository = sources.SelectMany(folder => Directory.EnumerateFiles(Path.Combine(Repository.Root, folder), "*",
            SearchOption.AllDirectories)).ToDictionary(path => Path.GetRelativePath(Repository.Root, path).Replace('\\', '/'));
        var packed = package.Entries.Where(e => sources.Any(s => e.FullName.StartsWith($"{Tools}{s}/", StringComparison.Ordinal)))
            .ToDictionary(e => e.FullName[Tools.Length..]);

        // Assert
        Assert.Equal(repository.Keys.Order(StringComparer.Ordinal), packed.Keys.Order(StringComparer.Ordinal));
        Assert.All(packed, entry =>
        {
            using var reader = new StreamReader(entry.Value.Open());
            Assert.True(reader.ReadToEnd() == File.ReadAllText(repository[entry.Key]), $"{entry.Key} differs from the repository's");
        });
    }

    [Fact]
    public async Task The_bundled_app_starts_from_the_read_only_tool_folder_and_answers_its_health_check()
    {
        // Arrange: the installed folder, found as the installed CLI finds it
        var layout = RepositoryLayout.Find(tool.Installed);
        Assert.True(layout.HasPublishedApp, $"{layout.WebOutput} holds no published app");

        // Act
        await using var app = await WebApp.StartAsync(layout, new Dictionary<string, string>(), Path.Combine(_logs, "app.log"),
            CancellationToken.None);
        using var http = new HttpClient();
        using var health = await http.GetAsync(new Uri(app.Url, "/healthz"));

        // Assert
        Assert.Equal(HttpStatusCode.OK, health.StatusCode);
        tool.AssertUnchanged();
    }

    public void Dispose() => Directory.Delete(_logs, recursive: true);
}
