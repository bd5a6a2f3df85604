using System.CommandLine;
using System.Text.Json;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Tests.Contracts;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`--experiment-file` and `capacity experiments --new`: a user's declarations, parsed, refused, planned and swept.</summary>
public sealed class ExperimentFileTests(ITestOutputHelper log) : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("experiment-file-");

    public void Dispose() => _folder.Delete(recursive: true);

    private string Write(string name, string json)
    {
        var path = Path.Combine(_folder.FullName, name);
        File.WriteAllText(path, json);
        return path;
    }

    private static (ParseResult Parse, Func<ParseResult, SweepRequest> Request) Parse(params string[] arguments)
    {
        var (command, request) = SweepCommand.Build();
        return (new RootCommand { command }.Parse(["sweep", .. arguments]), request);
    }

    [Fact]
    public void With_files_given_only_their_experiments_run_with_their_own_steps_sla_and_parameters()
    {
        // Arrange
        var path = Write("my-pair.json", ExperimentFilesTests.Orders);

        // Act
        var (parse, request) = Parse("--experiment-file", path, "--set", "orders.ms=+7", "--sla-p95", "orders=300");

        // Assert
        Assert.Empty(parse.Errors);
        var orders = Assert.Single(request(parse).Experiments);
        Assert.Equal(("orders", path), (orders.Id, orders.Source));
        Assert.Equal("7", request(parse).Parameters["orders"]["ms"]);
        var planned = ExperimentPlans.Of(request(parse), openFiles: null).Of("orders");
        Assert.Equal(new Sla(300, 0.01), planned.Sla);
        Assert.Equal([1, 10], planned.Steps);
    }

    [Fact]
    public void Experiments_named_with_e_run_beside_the_files_lab_ones_first()
    {
        // Arrange
        var folder = Path.GetDirectoryName(Write("my-pair.json", ExperimentFilesTests.Orders))!;

        // Act
        var (parse, request) = Parse("--experiment-file", folder, "-e", "orders:sync,sleep", "--steps", "orders=1,5");

        // Assert
        Assert.Empty(parse.Errors);
        Assert.Equal(["sleep", "orders"], request(parse).Experiments.Select(e => e.Id));
        Assert.Equal(["sync"], request(parse).Experiments[1].Variants.Select(v => v.Name));
        Assert.Equal([1, 5], ExperimentPlans.Of(request(parse), openFiles: null).Of("orders").Steps);
    }

    [Fact]
    public void A_bad_file_is_a_parse_error_naming_the_file_and_the_JSON_path()
    {
        // Arrange
        var path = Write("my-pair.json", ExperimentFilesTests.Orders.Replace("\"/orders/async\"", "\"orders\"", StringComparison.Ordinal));

        // Act
        var (parse, _) = Parse("--experiment-file", path);

        // Assert
        const string Expected = "my-pair.json: $.variants[1].route: expected a path starting with '/'; got \"orders\"";
        Assert.Contains(parse.Errors, e => e.Message.Contains(Expected, StringComparison.Ordinal));
    }

    [Fact]
    public void The_new_declaration_loads_as_printed_with_its_blocking_side_holding_threads()
    {
        // Act
        var orders = ExperimentCatalog.Parse(DeclarationTemplate.For("orders"), "orders.json");

        // Assert
        Assert.Equal("orders", orders.Id);
        Assert.Equal(["/orders/sync", "/orders/async"], orders.Variants.Select(v => v.Route));
        Assert.Equal([HeldResource.Threads], orders.Variants.Single(v => v.Blocking).Holds!.Select(h => h.Resource));
        Assert.Null(orders.Variants.Single(v => !v.Blocking).Holds);
    }

    [Fact]
    public async Task The_CLI_prints_a_new_declaration_that_plans_and_refuses_a_broken_one_with_exit_1()
    {
        // Arrange
        var (newExit, printed) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--new", "checkout");
        var good = Write("checkout.json", printed.Replace("/checkout/sync", "/api/checkout/blocking", StringComparison.Ordinal));
        var bad = Write("broken.json", printed.Replace("\"blocking\": false", "\"blocking\": \"no\"", StringComparison.Ordinal));

        // Act
        var (planExit, plan) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "sweep", "--experiment-file", good, "--dry-run");
        var (listExit, listing) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--experiment-file", good);
        var (badExit, refusal) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "sweep", "--experiment-file", bad, "--dry-run");

        // Assert
        Assert.Equal((0, 0, 0, 1), (newExit, planExit, listExit, badExit));
        Assert.Contains("  checkout: sync, async × 1,10,100,1000 clients", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("sleep:", plan, StringComparison.Ordinal);
        Assert.Contains("GET /api/checkout/blocking", listing, StringComparison.Ordinal);
        Assert.Contains("broken.json: $.variants[1].blocking: expected true or false; got \"no\"", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_sweep_of_a_users_declaration_keeps_its_holds_in_results_json_and_reports_again()
    {
        // Arrange: the lab's sleep pair under another id, at a running app the sweep does not know.
        var naps = ExperimentFilesTests.Orders.Replace("\"orders\"", "\"naps\"", StringComparison.Ordinal)
            .Replace("\"POST\"", "\"GET\"", StringComparison.Ordinal).Replace("/orders/", "/sleep/", StringComparison.Ordinal)
            .Replace("\"body\": { \"customer\": \"k6-{vu}\" },", "", StringComparison.Ordinal);
        var path = Write("naps.json", naps);
        var output = Path.Combine(_folder.FullName, "report");
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, _) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(3), "sweep", "--experiment-file", path,
            "--target", AppHostFixture.Address(app).ToString(), "--search", "off", "--steps", "1", "--warmup", "0", "--step-seconds", "1",
            "--cooldown", "0", "--set", "naps.ms=20", "--out", output);
        await app.StopAsync();
        var (reportExit, _) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", Path.Combine(output, "results.json"),
            "--out", Path.Combine(_folder.FullName, "again"));

        // Assert
        Assert.Equal((0, 0), (exitCode, reportExit));
        using var results = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "results.json")));
        var experiment = Assert.Single(results.RootElement.GetProperty("experiments").EnumerateArray());
        Assert.Equal("naps", experiment.GetProperty("name").GetString());
        var sync = experiment.GetProperty("variants").EnumerateArray().Single(v => v.GetProperty("name").GetString() == "sync");
        Assert.Equal("threads", sync.GetProperty("holds")[0].GetProperty("resource").GetString());
        Assert.True(File.Exists(Path.Combine(_folder.FullName, "again", "index.html")));
    }
}
