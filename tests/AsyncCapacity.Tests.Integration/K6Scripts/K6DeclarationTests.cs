using System.Collections.Concurrent;
using System.Text.Json;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Tests.Contracts;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace AsyncCapacity.Tests.K6Scripts;

/// <summary>k6-scripts/sweep.js given a declaration file (DECLARATION), as for an app that is not the lab's: nothing asked of it.</summary>
public sealed class K6DeclarationTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("k6-declaration-");

    // The lab's sleep pair under another id: to k6 it is just an app that answers these routes.
    private const string Naps = """
        {
          "id": "naps", "order": 100, "title": "Naps", "lesson": "l", "load": "http",
          "variants": [
            { "name": "sync", "blocking": true, "method": "GET", "route": "/sleep/sync", "why": "w", "holds": [{ "resource": "threads" }] },
            { "name": "async", "blocking": false, "method": "GET", "route": "/sleep/async", "why": "w" }
          ],
          "parameters": [{ "name": "ms", "in": "query", "type": "integer", "min": 1, "max": 50, "default": 20, "description": "d" }],
          "headers": { "X-Tenant": "lab" },
          "steps": [1, 2],
          "sla": { "p95Ms": 1000, "maxErrorPercent": 1 }
        }
        """;

    public void Dispose() => _folder.Delete(recursive: true);

    private string Declaration()
    {
        var path = Path.Combine(_folder.FullName, "naps.json");
        File.WriteAllText(path, Naps);
        return path;
    }

    [Fact]
    public async Task A_declaration_file_sweeps_an_app_that_only_answers_its_routes()
    {
        // Arrange
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = Declaration(),
            ["BASE_URL"] = AppHostFixture.Address(app).ToString().TrimEnd('/'),
            ["READY_PATH"] = "/healthz",
            ["SET"] = "ms=+5",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode is 0 or 99, $"k6 exited {exitCode}:\n{output}\n{errors}");
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(_folder.FullName, "out.json")));
        var root = document.RootElement;
        Assert.Equal("naps", root.GetProperty("experiment").GetString());
        Assert.Equal("5", root.GetProperty("parameters").GetProperty("ms").GetString());
        var steps = root.GetProperty("steps").EnumerateArray().ToList();
        Assert.Equal([("sync", 1), ("sync", 2), ("async", 1), ("async", 2)],
            steps.Select(s => (s.GetProperty("variant").GetString()!, s.GetProperty("concurrency").GetInt32())));
        Assert.All(steps, s => Assert.True(s.GetProperty("requests").GetInt32() > 0 && s.GetProperty("failed").GetInt32() == 0, $"{s}"));

        // capacity report of k6's file alone knows the declaration: its title, which side blocks, what it holds.
        var report = StandaloneResults.From([K6ResultsFile.Parse(root.GetRawText(), "out.json")]);
        var naps = Assert.Single(report.Experiments);
        Assert.Equal("Naps", naps.Title);
        var sync = naps.Variants.Single(v => v.Name == "sync");
        Assert.True(sync.Blocking);
        Assert.Equal([HeldResource.Threads], sync.Holds!.Select(h => h.Resource));
    }

    [Fact]
    public async Task k6_sends_the_declared_body_and_headers_to_an_app_with_none_of_the_labs_code()
    {
        // Arrange: an app of a few lines, which records what it is sent.
        var seen = new ConcurrentQueue<(string Tenant, string Body)>();
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        app.MapPost("/orders/{kind}", async (HttpRequest request) =>
        {
            using var reader = new StreamReader(request.Body);
            seen.Enqueue((request.Headers["X-Tenant"].ToString(), await reader.ReadToEndAsync(request.HttpContext.RequestAborted)));
            return TypedResults.Ok();
        });
        await app.StartAsync();
        var path = Path.Combine(_folder.FullName, "orders.json");
        await File.WriteAllTextAsync(path, UserDeclaration.Orders);

        // Act: READY_PATH is "/", which this app answers 404: an app that listens.
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = path,
            ["BASE_URL"] = app.Urls.First(),
            ["STEPS"] = "1",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode is 0 or 99, $"k6 exited {exitCode}:\n{output}\n{errors}");
        Assert.NotEmpty(seen);
        Assert.All(seen, s => Assert.Equal("lab", s.Tenant));
        Assert.All(seen, s => Assert.StartsWith(
            "k6-", JsonDocument.Parse(s.Body).RootElement.GetProperty("customer").GetString(), StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_sweeps_probe_before_the_load_sends_the_declared_headers_too()
    {
        // Arrange: an app that refuses a request without its tenant, as an API key would.
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        app.MapPost("/orders/{kind}", (HttpRequest request) =>
            request.Headers["X-Tenant"] == "lab" ? TypedResults.Ok() : Microsoft.AspNetCore.Http.Results.StatusCode(403));
        await app.StartAsync();
        var orders = ExperimentCatalog.Parse(UserDeclaration.Orders, "orders.json");
        var client = new AsyncCapacity.Cli.Targets.AppClient(new Uri(app.Urls.First()));

        // Act
        var with = await client.ProbeAsync("POST", "/orders/sync", new("{}", null, orders.Headers!), CancellationToken.None);
        var without = await client.ProbeAsync("POST", "/orders/sync", new("{}", null, new Dictionary<string, string>()), CancellationToken.None);
        await app.StopAsync();

        // Assert
        Assert.Null(with);
        Assert.StartsWith("403", without, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("ms=0", "SET: 'ms' must be a whole number from 1 to 50; got '0'.")]
    [InlineData("delay=3", "SET: naps declares no parameter 'delay'; it declares ms.")]
    public async Task A_value_the_declarations_rule_refuses_stops_k6_with_its_message_and_no_app(string set, string expected)
    {
        // Act: nothing listens on port 9.
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = Declaration(),
            ["SET"] = set,
            ["BASE_URL"] = "http://127.0.0.1:9",
        });

        // Assert
        Assert.Equal(107, exitCode);
        Assert.Contains(expected, output + errors, StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(_folder.FullName, "out.json")));
    }

    [Fact]
    public async Task An_app_that_does_not_answer_the_ready_path_stops_k6_in_setup_naming_it()
    {
        // Act
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = Declaration(),
            ["BASE_URL"] = "http://127.0.0.1:9",
            ["READY_PATH"] = "/ready",
        });

        // Assert
        Assert.Equal(108, exitCode);
        Assert.Contains("target http://127.0.0.1:9 is not answering /ready", output + errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_experiment_id_other_than_the_declarations_is_refused()
    {
        // Act
        var (exitCode, output, errors) = await K6SweepScriptTests.RunAsync(_folder.FullName, new()
        {
            ["DECLARATION"] = Declaration(),
            ["EXPERIMENT"] = "sleep",
            ["BASE_URL"] = "http://127.0.0.1:9",
        });

        // Assert
        Assert.Equal(107, exitCode);
        Assert.Contains("declares \\\"naps\\\"", output + errors, StringComparison.Ordinal);
    }
}
