using AsyncCapacity.Cli;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Cli;

/// <summary>The lab's files are found from where the CLI is, never from where it is run: beside an installed tool's
/// capacity.dll, or above a clone's build; a folder holding neither is refused with what to do.</summary>
public sealed class RepositoryLayoutTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-layout-").FullName;

    [Fact]
    public void A_published_cli_finds_the_app_and_scripts_beside_itself_and_no_k6_beside_it()
    {
        // Arrange: the tool's folder, as LabBundle.targets publishes it
        Touch("k6-scripts/sweep.js", "app/AsyncCapacity.Web.dll", "minimal/MinimalApp.dll", "capacity.dll");

        // Act
        var layout = RepositoryLayout.Find(_folder);

        // Assert
        Assert.Equal(_folder, layout.Root);
        Assert.False(layout.HasSources);
        Assert.True(layout.HasPublishedApp);
        Assert.Equal(Path.Combine(_folder, "app"), layout.WebOutput);
        Assert.Equal(Path.Combine(_folder, "minimal"), layout.MinimalOutput);
        Assert.Null(layout.SharedK6);
    }

    [Fact]
    public void A_clones_build_finds_the_repository_above_it_and_builds_the_app_from_its_sources()
    {
        // Arrange
        Touch("k6-scripts/sweep.js", "src/AsyncCapacity.Web/AsyncCapacity.Web.csproj");
        var cli = Directory.CreateDirectory(Path.Combine(_folder, "src", "AsyncCapacity.Cli", "bin", "Debug", "net10.0")).FullName;

        // Act
        var layout = RepositoryLayout.Find(cli);

        // Assert
        Assert.Equal(_folder, layout.Root);
        Assert.True(layout.HasSources);
        Assert.False(layout.HasPublishedApp);
        Assert.Equal(Path.GetFullPath(Path.Combine(_folder, "..", "shared", "tools", "k6")), layout.SharedK6);
    }

    [Fact]
    public void The_tests_own_cli_belongs_to_this_repository_whatever_the_working_folder()
    {
        // Act
        var layout = RepositoryLayout.Find();

        // Assert
        Assert.Equal(Repository.Root, layout.Root);
        Assert.True(layout.HasSources);
    }

    [Fact]
    public void A_cli_without_the_labs_files_says_where_it_looked_and_what_to_do()
    {
        // Act
        var refusal = Assert.Throws<UsageException>(() => RepositoryLayout.Find(_folder));

        // Assert
        Assert.Contains($"neither beside this capacity ({_folder}) nor above it", refusal.Message, StringComparison.Ordinal);
        Assert.Contains("dotnet tool update AsyncCapacity", refusal.Message, StringComparison.Ordinal);
    }

    private void Touch(params string[] files)
    {
        foreach (var file in files)
        {
            var path = Path.Combine(_folder, file);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, "");
        }
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
