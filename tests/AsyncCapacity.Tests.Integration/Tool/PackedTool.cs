using System.Globalization;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Tool;

/// <summary>The `capacity` tool as the README installs it: packed from this repository with a version of its own (so no
/// NuGet cache can serve older bits), installed with --tool-path from that local folder with a private NUGET_PACKAGES,
/// and its folder then made read-only, with a record of every file in it to show that nothing wrote there.</summary>
public sealed class PackedTool : IAsyncLifetime
{
    private static readonly TimeSpan PackTimeout = TimeSpan.FromMinutes(8);
    private readonly string _root = Directory.CreateTempSubdirectory("capacity-tool-").FullName;
    private IReadOnlyList<string> _files = [];

    public string Version { get; } = $"0.0.0-test.{DateTime.UtcNow:yyyyMMddHHmmss}.{System.Environment.ProcessId}";

    /// <summary>The local folder `dotnet pack` wrote the package to: the feed the tool is installed from.</summary>
    public string Feed => Path.Combine(_root, "feed");

    public string Package => Path.Combine(Feed, $"AsyncCapacity.{Version}.nupkg");

    public string ToolPath => Path.Combine(_root, "tool");

    /// <summary>The command the install put on the tool path.</summary>
    public string Capacity => Path.Combine(ToolPath, OperatingSystem.IsWindows() ? "capacity.exe" : "capacity");

    /// <summary>Private to this install, so that the package is read from the feed, not from the machine's cache.</summary>
    public string NuGetPackages => Path.Combine(_root, "nuget");

    /// <summary>A folder of this fixture's own, for a test's working folders.</summary>
    public string Scratch(string name) => Directory.CreateDirectory(Path.Combine(_root, "scratch", name)).FullName;

    /// <summary>What the tool needs from the machine: k6 found as the CLI finds it here, and a user cache of this fixture's own.</summary>
    public Dictionary<string, string> Environment { get; } = [];

    /// <summary>Where the install put the package's tools/net10.0/any: the lab's folder the installed CLI finds beside itself.</summary>
    public string Installed => Path.Combine(ToolPath, ".store", "asynccapacity", Version, "asynccapacity", Version, "tools", "net10.0", "any");

    public async Task InitializeAsync()
    {
        // The package version alone is the test's: the assemblies keep theirs, so the build stays incremental.
        await RunAsync("dotnet", ["pack", Path.Combine(Repository.Root, "src", "AsyncCapacity.Cli"), "-c", "Release", "--nologo",
            "-v", "q", $"-p:PackageVersion={Version}", "-o", Feed], Repository.Root, []);
        await RunAsync("dotnet", ["tool", "install", "AsyncCapacity", "--version", Version, "--add-source", Feed,
            "--tool-path", ToolPath], _root, new() { ["NUGET_PACKAGES"] = NuGetPackages });
        _files = Files();
        await RunAsync("chmod", ["-R", "a-w", ToolPath], _root, []);

        var k6 = await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), Scratch("k6"), CancellationToken.None);
        Environment["K6_PATH"] = k6.Path;
        Environment["XDG_CACHE_HOME"] = Scratch("cache");
    }

    /// <summary>Every file and folder under the tool path with its size and time of writing, as after the install.</summary>
    public void AssertUnchanged() => Assert.Equal(_files, Files());

    private List<string> Files() => [.. new DirectoryInfo(ToolPath).EnumerateFileSystemInfos("*", SearchOption.AllDirectories)
        .Select(f => string.Create(CultureInfo.InvariantCulture,
            $"{Path.GetRelativePath(ToolPath, f.FullName)} {(f as FileInfo)?.Length} {f.LastWriteTimeUtc:O}"))
        .Order(StringComparer.Ordinal)];

    private static async Task RunAsync(string program, string[] arguments, string workingDirectory, Dictionary<string, string> environment)
    {
        var (exitCode, output) = await CliProcess.RunProgramAsync(null, PackTimeout, program, arguments, workingDirectory, environment);
        Assert.True(exitCode == 0, $"{program} {string.Join(' ', arguments)} exited {exitCode}:\n{output}");
    }

    public async Task DisposeAsync()
    {
        await RunAsync("chmod", ["-R", "u+w", _root], _root, []);
        Directory.Delete(_root, recursive: true);
    }
}
