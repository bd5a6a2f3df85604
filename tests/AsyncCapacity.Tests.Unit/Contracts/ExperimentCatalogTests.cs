namespace AsyncCapacity.Tests.Contracts;

/// <summary>The declarations in experiments/*.json as every reader sees them, and the rules that keep them honest.</summary>
public sealed class ExperimentCatalogTests
{
    [Theory]
    [InlineData("sleep", "sync", "ms", "500", "/sleep/sync?ms=500")]
    [InlineData("db", "async", "ms", "50", "/db/async?ms=50")]
    [InlineData("content", "file", "name", "small.html", "/content/file/small.html")]
    [InlineData("content", "memory", "name", "a b/c", "/content/memory/a%20b%2Fc")]
    public void A_variants_request_path_fills_the_route_and_queries_the_rest(
        string id, string variant, string parameter, string value, string expected)
    {
        // Arrange
        var experiment = ExperimentCatalog.Get(id);

        // Act
        var path = experiment.PathAndQuery(experiment.Variant(variant), new Dictionary<string, string> { [parameter] = value });

        // Assert
        Assert.Equal(expected, path);
    }

    [Fact]
    public void The_catalog_reads_every_declaration_file_in_declared_order()
    {
        // Arrange
        var files = Directory.GetFiles(Path.Combine(Infrastructure.Repository.Root, "experiments"), "*.json")
            .Where(f => !f.EndsWith(".schema.json", StringComparison.Ordinal))
            .Select(Path.GetFileNameWithoutExtension)
            .Order(StringComparer.Ordinal);

        // Act
        var declared = ExperimentCatalog.All;

        // Assert
        Assert.Equal(files, declared.Select(e => e.Id).Order(StringComparer.Ordinal));
        Assert.Equal(declared.Select(e => e.Order).Order(), declared.Select(e => e.Order));
        Assert.Equal(["sleep", "db", "content", "audit"], declared.Select(e => e.Id).Take(4));
    }

    [Theory]
    [InlineData(null, true, "500")]
    [InlineData("0", true, "0")]
    [InlineData("+200", true, "200")]
    [InlineData("10001", false, "'ms' must be a whole number from 0 to 10000; got '10001'.")]
    [InlineData("abc", false, "'ms' must be a whole number from 0 to 10000; got 'abc'.")]
    public void A_whole_number_parameter_takes_its_default_and_refuses_what_is_outside_its_bounds(string? raw, bool valid, string expected)
    {
        // Act
        var ok = ExperimentCatalog.Get("sleep").Parameter("ms").TryValidate(raw, out var value, out var error);

        // Assert
        Assert.Equal(valid, ok);
        Assert.Equal(expected, valid ? value : error);
    }

    [Fact]
    public void A_choice_parameter_accepts_only_its_choices()
    {
        // Arrange
        var name = ExperimentCatalog.Get("content").Parameter("name");

        // Act
        var accepted = name.TryValidate("large.bin", out var value, out _);
        var refused = name.TryValidate("../etc/passwd", out _, out var error);

        // Assert
        Assert.True(accepted);
        Assert.Equal("large.bin", value);
        Assert.False(refused);
        Assert.Equal("'name' must be one of small.html, medium.json, large.bin; got '../etc/passwd'.", error);
    }

    [Fact]
    public void The_delay_parameter_gives_the_ideal_rate_of_one_client()
    {
        // Act
        var sleep = ExperimentCatalog.Get("sleep").IdealRpsPerClient(new Dictionary<string, string> { ["ms"] = "250" });
        var content = ExperimentCatalog.Get("content").IdealRpsPerClient(ExperimentCatalog.Get("content").DefaultValues);

        // Assert
        Assert.Equal(4, sleep);
        Assert.Null(content);
    }

    [Fact]
    public void The_tls_parameter_asks_for_the_load_over_TLS_only_when_true()
    {
        // Arrange
        var websocket = ExperimentCatalog.Get("websocket");

        // Act / Assert
        Assert.True(websocket.UsesTls(new Dictionary<string, string> { ["size"] = "275", ["tls"] = "true" }));
        Assert.False(websocket.UsesTls(websocket.DefaultValues));
        Assert.False(ExperimentCatalog.Get("sleep").UsesTls(new Dictionary<string, string> { ["tls"] = "true" }));
    }

    [Fact]
    public void Every_blocking_variant_declares_the_thread_it_holds_and_no_awaiting_one_does()
    {
        // Arrange
        var variants = ExperimentCatalog.All.SelectMany(e => e.Variants.Select(v => (e.Id, Variant: v))).ToList();

        // Assert: the laws bound a blocking variant by its threads; an awaiting one holds none while it waits.
        Assert.All(variants, v => Assert.Equal(v.Variant.Blocking, v.Variant.Holds?.Any(h => h.Resource == HeldResource.Threads) == true));
        Assert.Equal(HoldSpan.Session, ExperimentCatalog.Get("websocket").Variant("sync").Holds!.Single().For);
        Assert.Equal([HeldResource.Threads, HeldResource.DbConnections],
            ExperimentCatalog.Get("db").Variant("sync").Holds!.Select(h => h.Resource));
        Assert.Equal([HeldResource.DbConnections], ExperimentCatalog.Get("db").Variant("async").Holds!.Select(h => h.Resource));
        Assert.Equal(Hold.DefaultAuditWriters, new AsyncCapacity.Web.Audit.AuditOptions().BoundedWriters);
    }

    public static TheoryData<string, string> BrokenDeclarations => new()
    {
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w"},"""
            + """{"name":"b","blocking":true,"method":"GET","route":"/nap/b","why":"w"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.variants: expected a blocking variant (\"blocking\": true) and a non-blocking one" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a/{x}","why":"w"},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.variants[0].route: expected each {placeholder} to be a parameter with \"in\": \"path\"; {x} is not" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w"},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"parameters":["""
            + """{"name":"ms","in":"query","type":"integer","min":0,"max":10,"default":50,"description":"d"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.parameters[0].default: expected a whole number within 0..10; got 50" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w"},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"steps":[10,1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.steps: expected distinct positive concurrencies, ascending; got [10, 1]" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w"},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"gauges":["hope"],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.gauges[0]: expected a gauge of GaugeCatalog (" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w"},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"parameters":["""
            + """{"name":"secure","in":"client","type":"choice","choices":"""
            + """["no","yes"],"default":"no","role":"tls","description":"d"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.parameters[0].choices: expected a tls parameter's choices \"false\" and \"true\"" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w","holds":[{"resource":"dbConnections"}]},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.variants[0].holds[0].resource: expected dbConnections only in an experiment that needs the database" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":"""
            + """[{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w","holds":[{"resource":"threads"},"""
            + """{"resource":"threads","for":"session"}]},"""
            + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.variants[0].holds[1].resource: expected each resource held once; got \"threads\"" },
        // A held resource the laws cannot count is refused at load, by name or by number, never read as another.
        { Holding("""[{"resource":"gpu"}]"""),
            "nap.json: $.variants[0].holds[0].resource: expected one of threads, dbConnections, auditWriters; got \"gpu\"" },
        { Holding("""[{"resource":7}]"""),
            "nap.json: $.variants[0].holds[0].resource: expected one of threads, dbConnections, auditWriters; got 7" },
        { Holding("""[{"for":"session"}]"""), "nap.json: $.variants[0].holds[0]: expected a property \"resource\"" },
        { """{"id":"nap","order":9,"title":"t","lesson":"l","load":"carrier-pigeon","variants":[],"steps":[1],"sla":"""
            + """{"p95Ms":1,"maxErrorPercent":1}}""",
            "nap.json: $.load: expected one of http, websocket; got \"carrier-pigeon\"" },
    };

    /// <summary>A declaration that breaks no rule but what its blocking variant holds.</summary>
    private static string Holding(string holds) =>
        $$"""{"id":"nap","order":9,"title":"t","lesson":"l","load":"http","variants":["""
        + $$"""{"name":"a","blocking":true,"method":"GET","route":"/nap/a","why":"w","holds":{{holds}}},"""
        + """{"name":"b","blocking":false,"method":"GET","route":"/nap/b","why":"w"}],"steps":[1],"sla":{"p95Ms":1,"maxErrorPercent":1}}""";

    [Theory]
    [MemberData(nameof(BrokenDeclarations))]
    public void A_broken_declaration_is_refused_naming_the_file_and_the_rule(string json, string expected)
    {
        // Act
        var error = Assert.Throws<InvalidDataException>(() => ExperimentCatalog.Parse(json, "nap.json"));

        // Assert
        Assert.StartsWith("nap.json", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }
}
