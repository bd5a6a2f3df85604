using System.Text.Json;
using AsyncCapacity.Cli.Import;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Import;

/// <summary>
/// Drafts from what a user already has: the .http file their IDE runs (Golden/stock.http) and the OpenAPI document
/// tests/ShapesApp serves at /openapi/v1.json (Golden/openapi-shapes.json, recorded from it).
/// </summary>
public sealed class ImportTests(ITestOutputHelper log) : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("import-");

    private static string Golden(string file) => Path.Combine(AppContext.BaseDirectory, "Golden", file);

    public void Dispose() => _folder.Delete(recursive: true);

    [Fact]
    public void A_http_file_gives_each_request_its_name_method_path_headers_and_body()
    {
        // Act
        var requests = HttpFile.Parse(File.ReadAllText(Golden("stock.http")));

        // Assert
        Assert.Equal(
            [("blocked-on-get-result", "GET", "/stock/get-result/1?ms=100"), ("awaited", "GET", "/stock/awaited/1?ms=100"),
                ("restock", "PUT", "/stock/3"), ("a-note", "POST", "/notes")],
            requests.Select(r => (r.Name, r.Method, r.Route)));
        Assert.Contains(new KeyValuePair<string, string>("Authorization", "Bearer {env:API_TOKEN}"), requests[0].Headers);
        Assert.Contains(new KeyValuePair<string, string>("Authorization", "Bearer {env:STOCK_TOKEN}"), requests[2].Headers);
        Assert.Equal(5, JsonDocument.Parse(requests[2].Body!).RootElement.GetProperty("quantity").GetInt32());
        Assert.Equal(("hello from http://localhost:5000", "text/plain"), (requests[3].Body, requests[3].ContentType));
    }

    [Fact]
    public void An_openapi_document_gives_one_request_per_operation_with_its_parameters_and_a_body_from_its_schema()
    {
        // Act
        var api = OpenApiDocument.Parse(File.ReadAllText(Golden("openapi-shapes.json")));

        // Assert
        Assert.Contains(api.Requests, r => (r.Method, r.Route) == ("GET", "/stock/get-result/{id}"));
        var put = Assert.Single(api.Requests, r => r.Method == "PUT");
        Assert.Equal("/stock/{id}", put.Route);
        Assert.True(JsonDocument.Parse(put.Body!).RootElement.TryGetProperty("quantity", out _));
        Assert.Equal([("id", true, "1", true), ("ms", true, "100", false)],
            api.Parameters.Select(p => (p.Name, p.WholeNumber, p.Default, p.InPath)));
    }

    [Fact]
    public void Not_an_openapi_document_is_one_line_saying_so()
    {
        // Act
        var error = Assert.Throws<ImportException>(() => OpenApiDocument.Parse("""{ "hello": 1 }"""));

        // Assert
        Assert.Equal("not an OpenAPI document: it has no \"openapi\" version and \"paths\"", error.Message);
    }

    [Fact]
    public async Task The_draft_written_from_a_http_file_is_a_declaration_the_lab_reads_once_paired()
    {
        // Arrange
        var output = Path.Combine(_folder.FullName, "stock.json");

        // Act
        var (exitCode, printed) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            "experiments", "--from-http", Golden("stock.http"), "--out", output);

        // Assert: the body that is not JSON beside it, and the draft (no "order") valid once one side is marked blocking
        Assert.True(exitCode == 0, printed);
        Assert.Equal("hello from http://localhost:5000", File.ReadAllText(Path.Combine(_folder.FullName, "stock.a-note.body")));
        var draft = File.ReadAllText(output);
        Assert.DoesNotContain("s3cret", draft, StringComparison.Ordinal);
        var first = draft.IndexOf("\"blocking\": false", StringComparison.Ordinal);
        File.WriteAllText(output, string.Concat(draft.AsSpan(0, first), "\"blocking\": true", draft.AsSpan(first + "\"blocking\": false".Length)));
        var (listed, listing) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--experiment-file", output);
        Assert.True(listed == 0, listing);
        Assert.Contains("restock", listing, StringComparison.Ordinal);
    }
}
