using System.Text.Json;
using AsyncCapacity.Cli.Import;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Import;

/// <summary>
/// Drafts from what a user already has: the .http file their IDE runs (Golden/stock.http) and the OpenAPI document
/// tests/ShapesApp serves at /openapi/v1.json (Golden/openapi-shapes.json, recorded from it).
/// </summary>
public sealed class ImportTests
{
    [Fact]
    public void A_http_file_gives_each_request_its_name_method_path_headers_and_body()
    {
        // Act
        var requests = HttpFile.Parse(File.ReadAllText(GoldenPath("stock.http")));

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
        var api = OpenApiDocument.Parse(File.ReadAllText(GoldenPath("openapi-shapes.json")));

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
}
