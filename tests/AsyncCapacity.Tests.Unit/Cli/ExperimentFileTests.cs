using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Tests.Contracts;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`--experiment-file` and `capacity experiments --new`: a user's declarations, parsed and refused
/// (ExperimentFileCommandTests plans and sweeps them with the real CLI).</summary>
public sealed class ExperimentFileTests : IDisposable
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
        var path = Write("my-pair.json", UserDeclaration.Orders);

        // Act
        var (parse, request) = Parse("--experiment-file", path, "--set", "orders.ms=+7", "--sla-p95", "orders=300");

        // Assert
        Assert.Empty(parse.Errors);
        var orders = Assert.Single(request(parse).Experiments);
        Assert.Equal(("orders", path), (orders.Id, orders.Source));
        Assert.Equal("7", request(parse).Parameters["orders"]["ms"]);
        Assert.Equal(new Sla(300, 0.01), request(parse).SlaFor(orders));
        Assert.Equal([1, 10], request(parse).StepsFor(orders));
    }

    [Fact]
    public void Experiments_named_with_e_run_beside_the_files_lab_ones_first()
    {
        // Arrange
        var folder = Path.GetDirectoryName(Write("my-pair.json", UserDeclaration.Orders))!;

        // Act
        var (parse, request) = Parse("--experiment-file", folder, "-e", "orders:sync,sleep", "--steps", "orders=1,5");

        // Assert
        Assert.Empty(parse.Errors);
        Assert.Equal(["sleep", "orders"], request(parse).Experiments.Select(e => e.Id));
        Assert.Equal(["sync"], request(parse).Experiments[1].Variants.Select(v => v.Name));
        Assert.Equal([1, 5], request(parse).StepsFor(request(parse).Experiments[1]));
    }

    [Fact]
    public void A_bad_file_is_a_parse_error_naming_the_file_and_the_JSON_path()
    {
        // Arrange
        var path = Write("my-pair.json", UserDeclaration.Orders.Replace("\"/orders/async\"", "\"orders\"", StringComparison.Ordinal));

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
}
