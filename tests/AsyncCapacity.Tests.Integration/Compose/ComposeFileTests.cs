using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// docker-compose.yml as Docker Compose itself reads it: `docker compose config --format json`, per profile, with the
/// .env beside it. No engine is needed (nothing is pulled or started), only the docker client and its compose plugin.
/// </summary>
public sealed class ComposeFileTests
{
    private static readonly string[] SqlServerServices = ["mssql", "sweep"];
    private static readonly string[] PostgresServices = ["postgres", "sweep"];

    [DockerComposeFact]
    public async Task Plain_up_starts_SQL_Server_and_the_sweep_and_neither_PostgreSQL_nor_a_long_lived_app()
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile: null);

        // Assert
        Assert.Equal(SqlServerServices, services.EnumerateObject().Select(s => s.Name).Order(StringComparer.Ordinal));
        Assert.Equal("mcr.microsoft.com/mssql/server:2022-latest", Image(services, "mssql"));
        var connectionString = EnvironmentOf(services, "sweep")["SQLSERVER_CONNECTION_STRING"];
        Assert.Contains("Server=mssql,1433;", connectionString, StringComparison.Ordinal);
        Assert.Contains("TrustServerCertificate=True;Encrypt=True", connectionString, StringComparison.Ordinal);
    }

    [DockerComposeFact]
    public async Task The_postgres_profile_starts_PostgreSQL_instead_of_SQL_Server()
    {
        // Act
        var services = await ComposeConfig.ServicesAsync("postgres");

        // Assert
        Assert.Equal(PostgresServices, services.EnumerateObject().Select(s => s.Name).Order(StringComparer.Ordinal));
        Assert.Equal("postgres:17", Image(services, "postgres"));
        Assert.Contains("max_connections=200", Strings(services.GetProperty("postgres").GetProperty("command")));
        var probe = Strings(services.GetProperty("postgres").GetProperty("healthcheck").GetProperty("test"));
        Assert.Contains("pg_isready -h 127.0.0.1", string.Join(' ', probe),
            StringComparison.Ordinal);
        Assert.Contains("Host=postgres;", EnvironmentOf(services, "sweep")["POSTGRES_CONNECTION_STRING"], StringComparison.Ordinal);
    }

    [DockerComposeTheory]
    [InlineData("sqlserver", "explore", "app", "SqlServer")]
    [InlineData("postgres", "explore-postgres", "app-postgres", "PostgreSQL")]
    public async Task The_app_to_explore_is_built_from_the_Dockerfile_with_two_CPUs_and_probed_by_its_own_health_check(
        string profile, string explore, string app, string provider)
    {
        // Act: an explore profile is what naming the service (`docker compose up app`) turns on
        var services = await ComposeConfig.ServicesAsync(profile, explore);

        // Assert
        var service = services.GetProperty(app);
        var build = service.GetProperty("build");
        var context = Path.GetFullPath(build.GetProperty("context").GetString()!, Repository.Root);
        Assert.Equal("Dockerfile", build.GetProperty("dockerfile").GetString());
        Assert.True(File.Exists(Path.Combine(context, "Dockerfile")), $"build context {context} has no Dockerfile");
        Assert.Equal(Path.GetFileName(Repository.Root), Path.GetFileName(context.TrimEnd('/', '\\')));
        Assert.Equal(2.0, Number(service.GetProperty("cpus")));
        var probe = Strings(service.GetProperty("healthcheck").GetProperty("test"));
        Assert.Equal(["CMD", "bash", "-c"], probe.Take(3));
        Assert.Contains("/dev/tcp/127.0.0.1/8080", probe[3], StringComparison.Ordinal);
        Assert.Equal("app", build.GetProperty("target").GetString());
        Assert.Equal("asynccapacity:local", Image(services, app));
        Assert.Equal(provider, EnvironmentOf(services, app)["Database__Provider"]);
        Assert.Equal("sweep", services.GetProperty("sweep").GetProperty("build").GetProperty("target").GetString());
        Assert.NotEqual(Image(services, app), Image(services, "sweep"));
        if (app == "app-postgres")
        {
            var aliases = service.GetProperty("networks").GetProperty("default").GetProperty("aliases");
            Assert.Contains("app", Strings(aliases));
        }
    }

    [DockerComposeFact]
    public async Task The_base_images_are_the_official_ones_unless_a_variable_names_a_stand_in()
    {
        // Act
        var official = await ComposeConfig.ServicesAsync("postgres");
        var standIns = await ComposeConfig.ServicesAsync(["postgres"], new()
        {
            ["DOTNET_SDK_IMAGE"] = "local/sdk:1",
            ["DOTNET_ASPNET_IMAGE"] = "local/aspnet:1",
            ["K6_IMAGE"] = "local/k6:1",
            ["POSTGRES_IMAGE"] = "local/postgres:1",
        });

        // Assert
        var arguments = BuildArguments(official, "sweep");
        Assert.Equal("mcr.microsoft.com/dotnet/sdk:10.0", arguments["DOTNET_SDK_IMAGE"]);
        Assert.Equal("mcr.microsoft.com/dotnet/aspnet:10.0", arguments["DOTNET_ASPNET_IMAGE"]);
        Assert.Equal("grafana/k6:2.2.0", arguments["K6_IMAGE"]);
        var standInArguments = BuildArguments(standIns, "sweep");
        Assert.Equal("local/sdk:1", standInArguments["DOTNET_SDK_IMAGE"]);
        Assert.Equal("local/aspnet:1", standInArguments["DOTNET_ASPNET_IMAGE"]);
        Assert.Equal("local/k6:1", standInArguments["K6_IMAGE"]);
        Assert.Equal("local/postgres:1", Image(standIns, "postgres"));

        // The Dockerfile's defaults are the same official images, for a plain `docker build .`.
        var dockerfile = await File.ReadAllTextAsync(Path.Combine(Repository.Root, "Dockerfile"));
        Assert.All(arguments, a => Assert.Contains($"ARG {a.Key}={a.Value}\n", dockerfile, StringComparison.Ordinal));
    }

    [DockerComposeFact]
    public async Task SQL_Server_gets_2_GB_or_more_and_is_probed_with_mssql_tools18_trusting_its_certificate()
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile: null);

        // Assert
        var mssql = services.GetProperty("mssql");
        var test = Strings(mssql.GetProperty("healthcheck").GetProperty("test"));
        Assert.Equal("CMD-SHELL", test[0]);
        Assert.StartsWith("/opt/mssql-tools18/bin/sqlcmd ", test[1], StringComparison.Ordinal);
        Assert.Contains(" -C ", test[1], StringComparison.Ordinal);
        Assert.Contains("$MSSQL_SA_PASSWORD", test[1], StringComparison.Ordinal);
        Assert.Equal("5s", mssql.GetProperty("healthcheck").GetProperty("interval").GetString());
        Assert.InRange(Number(mssql.GetProperty("mem_limit")), 2.0 * 1024 * 1024 * 1024, double.MaxValue);
        Assert.Equal("Y", EnvironmentOf(services, "mssql")["ACCEPT_EULA"]);
        Assert.False(string.IsNullOrEmpty(EnvironmentOf(services, "mssql")["MSSQL_SA_PASSWORD"]));
    }

    [DockerComposeTheory]
    [InlineData("sqlserver", "explore", "mssql", "app")]
    [InlineData("postgres", "explore-postgres", "postgres", "app-postgres")]
    public async Task The_sweep_and_the_app_wait_for_a_healthy_database(string profile, string explore, string database, string app)
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile, explore);

        // Assert
        Assert.Equal(("service_healthy", true), Dependency(services, app, database));
        Assert.Equal(("service_healthy", false), Dependency(services, "sweep", database));
        Assert.False(services.GetProperty("sweep").GetProperty("depends_on").TryGetProperty(app, out _),
            "the sweep starts its own app per probe");
        Assert.True(services.GetProperty(database).TryGetProperty("healthcheck", out _), $"{database} has no healthcheck to wait for");

        // A dependency on a service of the other profile must be optional, or compose refuses the project.
        foreach (var service in services.EnumerateObject())
        {
            if (!service.Value.TryGetProperty("depends_on", out var dependsOn))
            {
                continue;
            }

            foreach (var dependency in dependsOn.EnumerateObject().Where(d => !services.TryGetProperty(d.Name, out _)))
            {
                Assert.False(Required(dependency.Value), $"{service.Name} requires {dependency.Name}, which this profile does not start");
            }
        }
    }

    [DockerComposeTheory]
    [InlineData("sqlserver", "explore")]
    [InlineData("postgres", "explore-postgres")]
    public async Task Only_the_app_and_the_dashboards_UI_publish_a_port_and_only_on_127_0_0_1(string profile, string explore)
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile, explore);

        // Assert: the dashboard's OTLP ports stay on compose's network
        var published = services.EnumerateObject()
            .Where(s => s.Value.TryGetProperty("ports", out var ports) && ports.GetArrayLength() > 0)
            .ToDictionary(s => s.Name, s => s.Value.GetProperty("ports").EnumerateArray().ToList());
        Assert.Equal(2, published.Count);
        var app = published.Keys.Single(k => k.StartsWith("app", StringComparison.Ordinal));
        foreach (var (name, target) in new[] { (app, 8080), ("dashboard", 18888) })
        {
            var port = Assert.Single(published[name]);
            Assert.Equal("127.0.0.1", port.GetProperty("host_ip").GetString());
            Assert.Equal(target, port.GetProperty("target").GetInt32());
        }
    }

    [DockerComposeTheory]
    [InlineData("sqlserver", "explore", "app")]
    [InlineData("postgres", "explore-postgres", "app-postgres")]
    [InlineData("postgres", "live", null)]
    public async Task The_dashboard_is_the_official_image_without_login_and_the_app_to_explore_exports_to_it(
        string profile, string withDashboard, string? app)
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile, withDashboard);
        var standIn = await ComposeConfig.ServicesAsync([profile, withDashboard],
            new() { ["ASPIRE_DASHBOARD_IMAGE"] = "local/dashboard:1" });

        // Assert
        Assert.Equal("mcr.microsoft.com/dotnet/aspire-dashboard:13.6", Image(services, "dashboard"));
        Assert.Equal("local/dashboard:1", Image(standIn, "dashboard"));
        Assert.Equal("true", EnvironmentOf(services, "dashboard")["ASPIRE_DASHBOARD_UNSECURED_ALLOW_ANONYMOUS"]);
        Assert.Equal(("service_started", false), Dependency(services, "sweep", "dashboard"));
        if (app is not null)
        {
            Assert.Equal("http://dashboard:18889", EnvironmentOf(services, app)["OTEL_EXPORTER_OTLP_ENDPOINT"]);
            Assert.Equal("asynccapacity", EnvironmentOf(services, app)["OTEL_SERVICE_NAME"]);
            Assert.Equal(("service_started", false), Dependency(services, app, "dashboard"));
        }
    }

    [DockerComposeFact]
    public async Task The_sweep_is_the_one_service_that_ends_running_sweep_sh_with_a_fresh_app_per_probe_into_reports()
    {
        // Act
        var services = await ComposeConfig.ServicesAsync(profile: null);

        // Assert: only the sweep runs to an end, so `up --exit-code-from sweep` stops the rest when it does
        var sweep = services.GetProperty("sweep");
        var environment = EnvironmentOf(services, "sweep");
        Assert.Equal("", environment["APP_URL"]);
        Assert.Equal("standard", environment["PROFILE"]);
        // Empty: the declarations decide (every experiment, each with its own steps).
        Assert.Equal("", environment["EXPERIMENTS"]);
        Assert.Equal("", environment["STEPS"]);
        Assert.Equal("0:0", sweep.GetProperty("user").GetString());
        var volumes = sweep.GetProperty("volumes").EnumerateArray().ToList();
        var reports = Assert.Single(volumes, v => v.GetProperty("target").GetString() == "/reports");
        var source = Path.GetFullPath(reports.GetProperty("source").GetString()!, Repository.Root);
        Assert.Equal(Path.Combine(Repository.Root, "reports"), source);
        var project = Assert.Single(volumes, v => v.GetProperty("target").GetString() == "/project");
        Assert.True(project.TryGetProperty("read_only", out var readOnly) && readOnly.GetBoolean());

        // Compose 2.26 writes "entrypoint": null for every service: only a value overrides the image's.
        foreach (var service in services.EnumerateObject())
        {
            Assert.True(!service.Value.TryGetProperty("entrypoint", out var entrypoint) || entrypoint.ValueKind == JsonValueKind.Null,
                $"{service.Name} overrides its entrypoint: is it a one-shot service?");
        }
    }

    [DockerComposeTheory]
    [InlineData(null, "MSSQL_SA_PASSWORD")]
    [InlineData("postgres", "POSTGRES_PASSWORD")]
    public async Task Without_the_database_password_compose_refuses_the_project_and_names_the_variable(string? profile, string variable)
    {
        // Arrange: .env without that password's line
        var envFile = await ComposeConfig.EnvFileWithoutAsync(variable);

        // Act
        var (exitCode, _, errors) = await ComposeConfig.RunAsync(profile is null ? [] : [profile], [], ["--env-file", envFile]);

        // Assert
        Assert.NotEqual(0, exitCode);
        Assert.Contains(variable, errors, StringComparison.Ordinal);
    }

    private static string Image(JsonElement services, string name) => services.GetProperty(name).GetProperty("image").GetString()!;

    private static Dictionary<string, string?> EnvironmentOf(JsonElement services, string name) =>
        services.GetProperty(name).GetProperty("environment").EnumerateObject().ToDictionary(e => e.Name, e => e.Value.GetString());

    private static Dictionary<string, string?> BuildArguments(JsonElement services, string name) =>
        services.GetProperty(name).GetProperty("build").GetProperty("args").EnumerateObject()
            .ToDictionary(e => e.Name, e => e.Value.GetString());

    private static (string Condition, bool Required) Dependency(JsonElement services, string service, string dependency)
    {
        var entry = services.GetProperty(service).GetProperty("depends_on").GetProperty(dependency);
        return (entry.GetProperty("condition").GetString()!, Required(entry));
    }

    // Compose writes required: true when the file leaves it out.
    private static bool Required(JsonElement dependency) =>
        !dependency.TryGetProperty("required", out var required) || required.GetBoolean();

    private static string[] Strings(JsonElement array) => [.. array.EnumerateArray().Select(e => e.GetString()!)];

    // Compose writes some numbers as strings (mem_limit is "3221225472").
    private static double Number(JsonElement value) => value.ValueKind == JsonValueKind.Number
        ? value.GetDouble()
        : double.Parse(value.GetString()!, System.Globalization.CultureInfo.InvariantCulture);
}
