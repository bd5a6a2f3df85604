using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Import;

/// <summary>`capacity experiments --from-http` as a user types it: the draft written beside its bodies, read back once paired.</summary>
public sealed class ImportCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("import-");

    public void Dispose() => _folder.Delete(recursive: true);

    [Fact]
    public async Task The_draft_written_from_a_http_file_is_a_declaration_the_lab_reads_once_paired()
    {
        // Arrange
        var output = Path.Combine(_folder.FullName, "stock.json");

        // Act
        var (exitCode, printed) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            "experiments", "--from-http", GoldenPath("stock.http"), "--out", output);

        // Assert: the body that is not JSON beside it, and the draft (no "order") valid once one side is marked blocking
        Assert.True(exitCode == 0, $"capacity experiments --from-http exited {exitCode}:\n{printed}");
        Assert.Equal("hello from http://localhost:5000", File.ReadAllText(Path.Combine(_folder.FullName, "stock.a-note.body")));
        var draft = File.ReadAllText(output);
        Assert.DoesNotContain("s3cret", draft, StringComparison.Ordinal);
        var first = draft.IndexOf("\"blocking\": false", StringComparison.Ordinal);
        File.WriteAllText(output, string.Concat(draft.AsSpan(0, first), "\"blocking\": true", draft.AsSpan(first + "\"blocking\": false".Length)));
        var (listed, listing) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--experiment-file", output);
        Assert.True(listed == 0, $"capacity experiments exited {listed}:\n{listing}");
        Assert.Contains("restock", listing, StringComparison.Ordinal);
    }
}
