using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace AsyncCapacity.Tests.K6Scripts;

/// <summary>The requests an app really takes: any method, a body read from a file beside the declaration, its content
/// type, and a bearer token from the environment that no file holds.</summary>
public sealed class K6RequestShapesTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("k6-shapes-");

    private const string Stock = """
        {
          "id": "stock", "title": "Stock", "lesson": "l", "load": "http",
          "headers": { "Authorization": "Bearer {env:STOCK_TOKEN}" },
          "variants": [
            { "name": "restock", "blocking": false, "method": "PUT", "route": "/stock/1", "why": "w", "bodyFile": "restock.json" },
            { "name": "remove", "blocking": false, "method": "DELETE", "route": "/stock/2", "why": "w" },
            { "name": "note", "blocking": false, "method": "PATCH", "route": "/stock/3", "why": "w",
              "body": { "note": "from {vu}", "count": 2, "tags": ["a"] }, "contentType": "application/merge-patch+json" }
          ],
          "steps": [1],
          "sla": { "p95Ms": 1000, "maxErrorPercent": 1 }
        }
        """;

    public void Dispose() => _folder.Delete(recursive: true);

    [Fact]
    public async Task Each_variant_sends_its_method_body_content_type_and_the_token_from_the_environment()
    {
        // Arrange: an app that records what it is sent.
        var seen = new ConcurrentQueue<(string Method, string ContentType, string Authorization, string Body)>();
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        app.Map("/stock/{id}", async (HttpRequest request) =>
        {
            using var reader = new StreamReader(request.Body);
            var body = await reader.ReadToEndAsync(request.HttpContext.RequestAborted);
            seen.Enqueue((request.Method, request.ContentType ?? "", request.Headers.Authorization.ToString(), body));
            return TypedResults.Ok();
        });
        await app.StartAsync();
        var declaration = Path.Combine(_folder.FullName, "stock.json");
        await File.WriteAllTextAsync(declaration, Stock);
        await File.WriteAllTextAsync(Path.Combine(_folder.FullName, "restock.json"), """{ "quantity": 5, "by": "vu-{vu}" }""");

        // Act
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = declaration,
            ["BASE_URL"] = app.Urls.First(),
            ["STEP_SECONDS"] = "1",
            ["STOCK_TOKEN"] = "s3cret",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode is 0 or 99, $"k6 exited {exitCode}:\n{output}\n{errors}");
        Assert.All(seen, s => Assert.Equal("Bearer s3cret", s.Authorization));
        var put = seen.First(s => s.Method == "PUT");
        Assert.Equal("application/json", put.ContentType);
        Assert.StartsWith("vu-", JsonDocument.Parse(put.Body).RootElement.GetProperty("by").GetString(), StringComparison.Ordinal);
        Assert.Equal(("", ""), seen.Where(s => s.Method == "DELETE").Select(s => (s.ContentType, s.Body)).First());
        var patch = seen.First(s => s.Method == "PATCH");
        Assert.Equal("application/merge-patch+json", patch.ContentType);
        Assert.Equal(2, JsonDocument.Parse(patch.Body).RootElement.GetProperty("count").GetInt32());
        Assert.DoesNotContain("s3cret", await File.ReadAllTextAsync(Path.Combine(_folder.FullName, "out.json")), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_token_missing_from_the_environment_stops_k6_naming_the_variable()
    {
        // Arrange
        var declaration = Path.Combine(_folder.FullName, "stock.json");
        await File.WriteAllTextAsync(declaration, Stock);
        await File.WriteAllTextAsync(Path.Combine(_folder.FullName, "restock.json"), "{}");

        // Act: nothing listens on port 9; k6 stops before it asks.
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = declaration,
            ["BASE_URL"] = "http://127.0.0.1:9",
        });

        // Assert
        Assert.NotEqual(0, exitCode);
        Assert.Contains("{env:STOCK_TOKEN} names STOCK_TOKEN, which is not set in the environment", output + errors,
            StringComparison.Ordinal);
    }
}
