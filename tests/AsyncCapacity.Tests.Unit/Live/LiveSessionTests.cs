


using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;

namespace AsyncCapacity.Tests.Live;

/// <summary>A dashboard that cannot be had costs the sweep its live view, never its run: it says why and goes on.</summary>
[Collection(ConsoleOwners.Name)]
public sealed class LiveSessionTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-live-session-").FullName;

    [Fact]
    public async Task Without_the_dashboards_restore_project_the_sweep_warns_and_runs_without_the_live_view()
    {
        // Arrange: a folder without tools/AspireDashboard, as in the sweep's image
        var errors = new StringWriter();
        var (stdout, stderr) = (Console.Out, Console.Error);
        Console.SetOut(TextWriter.Null);
        Console.SetError(errors);
        try
        {
            var progress = new ConsoleProgress([1], TimeSpan.FromSeconds(1));

            // Act
            await using var session = await LiveSession.StartAsync(
                new LiveChoice(null, Keep: false), new RepositoryLayout(_folder), _folder, progress, CancellationToken.None);

            // Assert
            Assert.Null(session.Telemetry);
        }
        finally
        {
            Console.SetOut(stdout);
            Console.SetError(stderr);
        }

        var warning = errors.ToString();
        Assert.Contains("warning: --live: ", warning, StringComparison.Ordinal);
        Assert.Contains("AspireDashboard.csproj is not here (the sweep image has no sources): "
            + "give --live the URL of an OTLP endpoint instead",
            warning, StringComparison.Ordinal);
        Assert.Contains("The sweep runs without the live view.", warning, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}

/// <summary>Tests that take the process's console for themselves run alone, not beside the other unit tests.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ConsoleOwners
{
    public const string Name = "Console";
}
