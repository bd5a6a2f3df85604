using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// An app as users have them (tests/ShapesApp: MVC controllers, a Startup class, a catalog read from its content root)
/// swept from the repository's folder, not its own: it starts in its folder, a PUT with a JSON body from a file is sent
/// as declared, and its blocking call, inlined by the JIT into MVC's invoker, is named with its request and measured in
/// pool threads per request, though its declaration says nothing of what it holds.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class ShapesAppSweepTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string ShapesApp = Path.Combine(Repository.Root, "tests", "ShapesApp");
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-shapes-").FullName;

    [Fact]
    public async Task A_blocking_call_with_no_frame_of_the_app_left_is_named_and_measured_and_the_put_is_sent_with_its_body()
    {
        // Arrange: the built app, started by its command as a user starts theirs
        var dll = await UserAppBuild.BuildAsync(Path.Combine(ShapesApp, "ShapesApp.csproj"), _output, CancellationToken.None);

        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(10),
            "sweep", "--app", $"dotnet {dll}", "--app-ready", "/healthz", "--experiment-file", Path.Combine(ShapesApp, "stock.json"),
            "-e", "stock:get-result,stock:restock", "--profile", "quick", "--warmup", "1", "--step-seconds", "2", "--probes", "5",
            "--out", _output);

        // Assert: started in its own folder (its catalog.json read from there)
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.Contains($"in {Path.GetDirectoryName(dll)} on 127.0.0.1", RunText.Target(document.Run.Target), StringComparison.Ordinal);
        var stock = Assert.Single(document.Experiments);

        // Assert: the PUT with its body file was answered at every load that met the SLA
        var restock = stock.Variants.Single(v => v.Name == "restock");
        Assert.Equal("PUT /stock/1?ms=100", restock.Request);
        Assert.Contains(restock.Steps, s => s.MeetsSla && s.Requests > 0 && s.Errors == 0);

        // Assert: the blocked threads are named (the wait, inlined or in the app's frames), never "no thread held"
        var blocking = stock.Variants.Single(v => v.Name == "get-result");
        Assert.True(blocking.Capacity is { MissedAt: not null }, $"get-result: {blocking.Capacity}; {VerdictText.Of(stock)}");
        Assert.Contains(blocking.Steps, s => s.Waits?.Groups.Any(g => g.Pool
            && (g.Inlined || g.AppFrame.StartsWith("Fabrikam.Shapes.", StringComparison.Ordinal))) == true);

        // Assert: about one pool thread per request, measured, and the threads' bound predicted from it
        Assert.True(blocking.ThreadsHeld is { PerRequest: > 0.5 and < 2 }, $"threads per request: {blocking.ThreadsHeld}");
        Assert.NotNull(blocking.Prediction?.MeasuredThreadsPerRequest);
        Assert.Contains("measured, not declared", await File.ReadAllTextAsync(Path.Combine(_output, "index.html")), StringComparison.Ordinal);
        Assert.Empty(Processes.WithCommandLine("ShapesApp.dll"));
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
