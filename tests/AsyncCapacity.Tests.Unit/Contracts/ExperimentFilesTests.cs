namespace AsyncCapacity.Tests.Contracts;

/// <summary>A user's declarations (`--experiment-file`): read from files and folders, refused at the JSON path of each mistake.</summary>
public sealed class ExperimentFilesTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("declarations-");

    public void Dispose() => _folder.Delete(recursive: true);

    private string Write(string name, string json)
    {
        var path = Path.Combine(_folder.FullName, name);
        File.WriteAllText(path, json);
        return path;
    }

    [Fact]
    public void A_good_file_gives_its_experiment_with_its_holds_body_headers_and_source()
    {
        // Arrange
        var path = Write("my-pair.json", UserDeclaration.Orders);

        // Act
        var orders = Assert.Single(ExperimentFiles.Load([path]));

        // Assert
        Assert.Equal("orders", orders.Id);
        Assert.Equal(path, orders.Source);
        Assert.Equal([HeldResource.Threads], orders.Variant("sync").Holds!.Select(h => h.Resource));
        Assert.Equal("lab", orders.Headers!["X-Tenant"]);
        Assert.Equal("k6-{vu}", orders.Body!.Value.GetProperty("customer").GetString());
        Assert.Equal("/orders/sync?ms=100", orders.PathAndQuery(orders.Variant("sync"), orders.DefaultValues));
    }

    [Fact]
    public void A_folder_gives_every_json_file_in_it_in_name_order()
    {
        // Arrange
        Write("b.json", UserDeclaration.Orders);
        Write("a.json", UserDeclaration.Orders.Replace("\"orders\"", "\"invoices\"", StringComparison.Ordinal));
        Write("notes.txt", "not a declaration");

        // Act
        var experiments = ExperimentFiles.Load([_folder.FullName]);

        // Assert
        Assert.Equal(["invoices", "orders"], experiments.Select(e => e.Id));
    }

    public static TheoryData<string, string> Mistakes => new()
    {
        { "\"route\": \"/orders/async\"", "$.variants[1].route: expected a path starting with '/'; got \"orders\"" },
        { "\"blocking\": false", "$.variants[1].blocking: expected true or false; got \"no\"" },
        { "\"method\": \"POST\", \"route\": \"/orders/async\"", "$.variants[1].method: expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS; got \"FETCH\"" },
        { "\"steps\": [1, 10]", "$.steps: expected distinct positive concurrencies, ascending; got [10, 1]" },
        { "\"p95Ms\": 500", "$.sla.p95Ms: expected a number; got \"fast\"" },
        { "\"load\": \"http\"", "$.load: expected one of http, websocket; got \"grpc\"" },
        { "\"why\": \"await\"", "$.variants[1].wyh: expected no such property" },
        { "\"route\": \"/orders/sync\"", "$.variants[0].bodyFile: expected a file beside the declaration; there is no " },
        { "\"default\": 100", "$.parameters[0].default: expected a whole number within 0..5000; got 9000" },
        { "\"resource\": \"threads\"", "$.variants[0].holds[0].resource: expected one of threads, dbConnections, auditWriters" },
        { "\"X-Tenant\": \"lab\"", "$.headers.X Tenant: expected a header name (letters, digits and '-'); got \"X Tenant\"" },
        { "\"$comment\": \"a user's pair\",", "line 2, byte 3: not valid JSON (comments are not JSON" },
    };

    [Theory]
    [MemberData(nameof(Mistakes))]
    public void A_mistake_is_refused_naming_the_file_the_JSON_path_and_what_is_expected(string replaced, string expected)
    {
        // Arrange
        var broken = replaced switch
        {
            "\"route\": \"/orders/async\"" => "\"route\": \"orders\"",
            "\"blocking\": false" => "\"blocking\": \"no\"",
            "\"steps\": [1, 10]" => "\"steps\": [10, 1]",
            "\"p95Ms\": 500" => "\"p95Ms\": \"fast\"",
            "\"load\": \"http\"" => "\"load\": \"grpc\"",
            "\"why\": \"await\"" => "\"wyh\": \"await\"",
            "\"route\": \"/orders/sync\"" => "\"route\": \"/orders/sync\", \"bodyFile\": \"missing.json\"",
            "\"default\": 100" => "\"default\": 9000",
            "\"resource\": \"threads\"" => "\"resource\": \"cpu\"",
            "\"X-Tenant\": \"lab\"" => "\"X Tenant\": \"lab\"",
            "\"$comment\": \"a user's pair\"," => "// a comment",
            _ => "\"method\": \"FETCH\", \"route\": \"/orders/async\"",
        };
        var path = Write("my-pair.json", UserDeclaration.Orders.Replace(replaced, broken, StringComparison.Ordinal));

        // Act
        var error = Assert.Throws<InvalidDataException>(() => ExperimentFiles.Load([path]));

        // Assert
        Assert.Contains($"my-pair.json: {expected}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_id_the_lab_declares_itself_is_refused()
    {
        // Arrange
        var path = Write("sleep.json", UserDeclaration.Orders.Replace("\"orders\"", "\"sleep\"", StringComparison.Ordinal));

        // Act
        var error = Assert.Throws<InvalidDataException>(() => ExperimentFiles.Load([path]));

        // Assert
        Assert.Contains("sleep.json: $.id: expected an id the lab does not declare itself (sleep, db,", error.Message,
            StringComparison.Ordinal);
        Assert.EndsWith("got \"sleep\"", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Two_files_with_one_id_and_a_missing_file_are_all_told_at_once()
    {
        // Arrange
        var first = Write("a.json", UserDeclaration.Orders);
        var second = Write("b.json", UserDeclaration.Orders);

        // Act
        var error = Assert.Throws<InvalidDataException>(() => ExperimentFiles.Load([first, second, "no-such.json"]));

        // Assert
        Assert.Contains("b.json: $.id: expected an id of its own; got \"orders\", as ", error.Message, StringComparison.Ordinal);
        Assert.Contains("no-such.json: expected a declaration file or a folder of *.json; there is no such file", error.Message,
            StringComparison.Ordinal);
    }
}
