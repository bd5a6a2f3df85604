using System.ComponentModel;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using AsyncCapacity.Cli.Sweep;
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
        Assert.Contains("pg_isready -h 127.0.0.1", string.Join(' ', Strings(services.GetProperty("postgres").GetProperty("healthcheck").GetProperty("test"))),
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
        Assert.True(Number(mssql.GetProperty("mem_limit")) >= 2L * 1024 * 1024 * 1024);
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
        Assert.False(services.GetProperty("sweep").GetProperty("depends_on").TryGetProperty(app, out _), "the sweep starts its own app per probe");
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
        Assert.Equal(Path.Combine(Repository.Root, "reports"), Path.GetFullPath(reports.GetProperty("source").GetString()!, Repository.Root));
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
        services.GetProperty(name).GetProperty("build").GetProperty("args").EnumerateObject().ToDictionary(e => e.Name, e => e.Value.GetString());

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

/// <summary>
/// k6-scripts/run-all.sh, the way to sweep every experiment with k6 alone (no CLI), run here with the real k6 and sh;
/// it keeps to POSIX sh, so that it also runs in the grafana/k6 image (busybox).
/// </summary>
public sealed class RunAllScriptTests
{
    private static readonly string Script = Path.Combine(Repository.Root, "k6-scripts", "run-all.sh");

    [Fact]
    public async Task Run_all_sh_is_valid_POSIX_sh()
    {
        // Act
        var (exitCode, _, errors) = await ShellProcess.RunAsync("sh", ["-n", Script], new Dictionary<string, string?>());

        // Assert
        Assert.True(exitCode == 0, errors);
    }

    [Fact]
    public async Task Run_all_sh_fails_at_once_naming_k6_and_K6_PATH_when_k6_is_missing()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new() { ["K6_PATH"] = "/nonexistent/k6", ["RESULTS_DIR"] = results });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Equal("", output);
        Assert.Contains("k6 not found ('/nonexistent/k6')", errors, StringComparison.Ordinal);
        Assert.Contains("K6_PATH", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_refuses_an_unknown_experiment_before_running_any()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["EXPERIMENTS"] = "sleep,nosuch",
        });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Equal("", output);
        Assert.Contains("unknown experiment 'nosuch'", errors, StringComparison.Ordinal);
        Assert.Contains($"(declared: {string.Join(' ', ExperimentCatalog.All.Select(e => e.Id))} )", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_sweeps_with_real_k6_into_a_results_file_and_a_missed_SLA_is_a_finding_not_a_failure()
    {
        // Arrange: the real app on loopback; a 1 ms SLA that a 50 ms sleep must miss, so k6 exits 99
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        await File.WriteAllTextAsync(Path.Combine(results, "db-k6.json"), "{ \"from\": \"an earlier run\" }");
        var k6 = await LocateK6Async(results);
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = AppHostFixture.Address(app).ToString().TrimEnd('/'),
            ["EXPERIMENTS"] = "sleep",
            ["VARIANTS"] = "async",
            ["STEPS"] = "1",
            ["WARMUP_SECONDS"] = "0",
            ["STEP_SECONDS"] = "1",
            ["COOLDOWN_SECONDS"] = "0",
            ["SET"] = "sleep.ms=50,db.ms=7",
            ["SLA_P95_MS"] = "1",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode == 0, $"run-all.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("[1/1] sleep done: some steps missed the SLA (k6 exit code 99", output, StringComparison.Ordinal);
        Assert.Contains("ran: sleep; results: sleep-k6.json", output, StringComparison.Ordinal);
        Assert.Equal(["sleep-k6.json"], Directory.GetFiles(results, "*-k6.json").Select(Path.GetFileName));
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(results, "sleep-k6.json")));
        Assert.Equal("asynccapacity-k6/1", document.RootElement.GetProperty("format").GetString());
        var step = Assert.Single(document.RootElement.GetProperty("steps").EnumerateArray());
        Assert.True(step.GetProperty("requests").GetInt32() > 0);
        Assert.Equal("50", document.RootElement.GetProperty("parameters").GetProperty("ms").GetString());
    }

    [Fact]
    public async Task Without_EXPERIMENTS_run_all_sh_takes_every_declaration_in_its_declared_order()
    {
        // Arrange: a target that is down stops the first sweep, after the plan is printed
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (_, output, _) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = $"http://127.0.0.1:{ClosedPort()}",
        });

        // Assert
        Assert.Contains($"experiments: {string.Join(' ', ExperimentCatalog.All.Select(e => e.Id))};", output, StringComparison.Ordinal);
        Assert.Contains("[1/", output, StringComparison.Ordinal);
        var sleep = ExperimentCatalog.Get("sleep");
        Assert.Contains($"sleep: {sleep.Variants.Count * sleep.Steps.Count} steps", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_fails_naming_the_k6_exit_code_when_the_target_is_down()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (exitCode, _, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = $"http://127.0.0.1:{ClosedPort()}",
            ["EXPERIMENTS"] = "sleep",
        });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains("sleep did not run to the end: k6 exited with code 108", errors, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(results, "*-k6.json"));
    }

    internal static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    private static async Task<string> LocateK6Async(string logDirectory) =>
        (await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), logDirectory, CancellationToken.None)).Path;

    private static Task<(int ExitCode, string Output, string Errors)> RunAllAsync(Dictionary<string, string?> environment)
    {
        foreach (var name in new[] { "BASE_URL", "EXPERIMENTS", "STEPS", "VARIANTS", "WARMUP_SECONDS", "STEP_SECONDS", "COOLDOWN_SECONDS",
            "SLA_P95_MS", "SLA_ERROR_RATE", "REQUEST_TIMEOUT", "SET", "EXPERIMENTS_DIR" })
        {
            environment.TryAdd(name, null);
        }

        environment.TryAdd("K6_NEW_MACHINE_READABLE_SUMMARY", "false");
        return ShellProcess.RunAsync("sh", [Script], environment);
    }
}

/// <summary>
/// docker/sweep.sh, the compose flow's sweep service, run here with sh, the real CLI, real k6 and the real app: the .env
/// knobs become `capacity sweep` options, and the run ends with the sweep's exit code and the report.
/// </summary>
public sealed class ComposeSweepScriptTests
{
    private static readonly string Script = Path.Combine(Repository.Root, "docker", "sweep.sh");
    private static readonly string Capacity = $"dotnet {Path.Combine(AppContext.BaseDirectory, "capacity.dll")}";

    [Fact]
    public async Task Sweep_sh_is_valid_POSIX_sh()
    {
        // Act
        var (exitCode, _, errors) = await ShellProcess.RunAsync("sh", ["-n", Script], new Dictionary<string, string?>());

        // Assert
        Assert.True(exitCode == 0, errors);
    }

    [Fact]
    public async Task Every_env_knob_reaches_the_CLI_as_its_option()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act: DRY_RUN makes the CLI print the plan it would run
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["REPORT_NAME"] = "planned",
            ["APP_URL"] = "http://127.0.0.1:9",
            ["PROFILE"] = "quick",
            ["EXPERIMENTS"] = "sleep,content",
            ["STEPS"] = "1,10 sleep=1,5",
            ["SET"] = "sleep.ms=200,content.name=medium.json",
            ["SLA_P95_MS"] = "900",
            ["SLA_ERROR_PERCENT"] = "sleep=2",
            ["WARMUP_SECONDS"] = "1",
            ["STEP_SECONDS"] = "3",
            ["COOLDOWN_SECONDS"] = "4",
            ["SEARCH"] = "off",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("Plan: profile quick (customised), 1 s warm-up + 3 s measured per probe, against http://127.0.0.1:9/ (cool-down 4 s between probes).",
            output, StringComparison.Ordinal);
        Assert.Contains("Each variant: its steps only (--search off); capacity read off the grid.", output, StringComparison.Ordinal);
        Assert.Contains("sleep: sync, async × 1,5 clients, at most 2 probes each; ms=200; SLA p95 ≤ 900 ms, errors ≤ 2%", output, StringComparison.Ordinal);
        Assert.Contains("content: file, memory × 1,10 clients, at most 2 probes each; name=medium.json; SLA p95 ≤ 900 ms, errors ≤ 1%", output, StringComparison.Ordinal);
        Assert.Contains($"report in {reports}/planned.", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task REPEATS_reaches_the_CLI_for_all_experiments_and_for_one()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["APP_URL"] = "http://127.0.0.1:9",
            ["EXPERIMENTS"] = "sleep,content",
            ["REPEATS"] = "1 sleep=3",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("narrowed to 10% or one apart, the runs listed below at each end", output, StringComparison.Ordinal);
        Assert.Matches(@"sleep: sync, async × [\d,]+ clients, at most \d+ probes each; ms=500; 3 runs at each end;", output);
        Assert.Matches(@"content: file, memory × [\d,]+ clients, at most \d+ probes each; name=small\.html; 1 run at each end;", output);
    }

    [Fact]
    public async Task Without_APP_URL_it_starts_a_fresh_app_per_probe_on_the_database_whose_service_resolves()
    {
        // Arrange: "localhost" stands for the postgres service's name, which resolves on compose's network
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["EXPERIMENTS"] = "sleep,db",
            ["POSTGRES_HOST"] = "localhost",
            ["POSTGRES_CONNECTION_STRING"] = "Host=localhost;Database=capacity;Username=postgres;Password=x",
            ["SQLSERVER_CONNECTION_STRING"] = "Server=mssql,1433;Database=tempdb",
            ["SQLSERVER_HOST"] = "no-such-host.invalid",
            ["DB_MAX_POOL_SIZE"] = "40",
            ["MIN_WORKER_THREADS"] = "8",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("sweep: database PostgreSQL (service localhost); a fresh app for every probe, in this container", output, StringComparison.Ordinal);
        Assert.DoesNotContain("cool-down", output, StringComparison.Ordinal);
        Assert.Contains("Thread pool: the app's minimum worker threads set to 8 (--min-threads).", output, StringComparison.Ordinal);
        Assert.Contains("; PostgreSQL given, pool 40", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("localhost", true)]
    [InlineData("no-such-host.invalid", false)]
    public async Task LIVE_on_sends_every_probe_to_the_dashboard_service_when_its_name_resolves(string host, bool resolves)
    {
        // Arrange: "localhost" stands for the dashboard service's name, which resolves on compose's network
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act: the plan names where the metrics go
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["EXPERIMENTS"] = "sleep",
            ["LIVE"] = "on",
            ["DASHBOARD_HOST"] = host,
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        const string Plan = "Live: every probe's app and k6 send their metrics over OTLP to http://localhost:18889/.";
        Assert.Equal(resolves, output.Contains(Plan, StringComparison.Ordinal));
        Assert.Contains(resolves
            ? "sweep: live in the Aspire dashboard (service localhost): http://127.0.0.1:18888 on the host"
            : "sweep: LIVE=on but no dashboard service answers by name: start it with --profile live", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_bad_knob_fails_with_the_CLI_s_message_and_exit_code_1()
    {
        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = Directory.CreateTempSubdirectory("compose-sweep-").FullName,
            ["APP_URL"] = "http://127.0.0.1:9",
            ["SET"] = "sleep.ms=abc",
        });

        // Assert
        Assert.True(exitCode == 1, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("--set sleep.ms=abc: 'ms' must be a whole number from 0 to 10000; got 'abc'.", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task It_sweeps_the_running_app_with_real_k6_and_ends_with_the_report_and_exit_0()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["REPORT_NAME"] = "run",
            ["APP_URL"] = AppHostFixture.Address(app).ToString(),
            ["PROFILE"] = "quick",
            ["EXPERIMENTS"] = "sleep",
            ["STEPS"] = "1,2",
            ["SET"] = "sleep.ms=50",
            ["WARMUP_SECONDS"] = "0",
            ["STEP_SECONDS"] = "1",
            ["COOLDOWN_SECONDS"] = "0",
            ["SEARCH"] = "off",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("sweep: report in reports/run/index.html", output, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(reports, "run", "index.html")));
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(reports, "run", "results.json")));
        var sleep = Assert.Single(document.RootElement.GetProperty("experiments").EnumerateArray());
        var steps = sleep.GetProperty("variants").EnumerateArray().SelectMany(v => v.GetProperty("steps").EnumerateArray()).ToList();
        Assert.Equal(4, steps.Count);
        Assert.All(steps, step => Assert.True(step.GetProperty("requests").GetInt64() > 0));
    }

    private static Task<(int ExitCode, string Output, string Errors)> RunAsync(Dictionary<string, string?> environment)
    {
        foreach (var name in new[] { "PROFILE", "EXPERIMENTS", "STEPS", "SET", "SLA_P95_MS", "SLA_ERROR_PERCENT", "WARMUP_SECONDS",
            "STEP_SECONDS", "COOLDOWN_SECONDS", "SEARCH", "REPORT_NAME", "REPORTS_OWNER", "DRY_RUN", "APP_URL", "POSTGRES_CONNECTION_STRING",
            "SQLSERVER_CONNECTION_STRING", "POSTGRES_HOST", "SQLSERVER_HOST", "DB_MAX_POOL_SIZE", "MIN_WORKER_THREADS", "LIVE",
            "DASHBOARD_HOST", "DASHBOARD_PORT" })
        {
            environment.TryAdd(name, null);
        }

        environment["CAPACITY"] = Capacity;
        return ShellProcess.RunAsync("sh", [Script], environment);
    }
}

/// <summary>The image's healthcheck, as Docker runs it: a separate process of the app that must not start the host.</summary>
public sealed class HealthProbeTests
{
    private static readonly string WebDll = Path.Combine(AppContext.BaseDirectory, "AsyncCapacity.Web.dll");

    [Fact]
    public async Task The_health_probe_exits_0_when_the_app_answers_healthz()
    {
        // Arrange
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();
        var url = new Uri(AppHostFixture.Address(app), "/healthz");

        // Act
        var (exitCode, output, _) = await ShellProcess.RunAsync("dotnet", [WebDll, "--health-probe", url.ToString()], new Dictionary<string, string?>());
        await app.StopAsync();

        // Assert
        Assert.Equal(0, exitCode);
        Assert.Equal($"healthy: GET {url} answered 200 OK", output.Trim());
    }

    [Fact]
    public async Task The_health_probe_exits_1_at_once_with_one_line_when_nothing_listens()
    {
        // Arrange
        var url = $"http://127.0.0.1:{RunAllScriptTests.ClosedPort()}/healthz";

        // Act
        var (exitCode, output, _) = await ShellProcess.RunAsync("dotnet", [WebDll, "--health-probe", url], new Dictionary<string, string?>());

        // Assert: at once, on the refusal ("failed: ..."), not after the probe's 3 s timeout ("did not answer within 3 s")
        Assert.Equal(1, exitCode);
        var line = Assert.Single(output.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"unhealthy: GET {url} failed: ", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_health_probe_rejects_a_URL_that_is_not_http()
    {
        // Act
        var (exitCode, output, _) = await ShellProcess.RunAsync("dotnet", [WebDll, "--health-probe", "localhost:8080"], new Dictionary<string, string?>());

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains("is not an http(s) URL", output, StringComparison.Ordinal);
    }
}

/// <summary>A [Fact] that is skipped, saying what to install, where `docker compose` cannot run.</summary>
public sealed class DockerComposeFactAttribute : FactAttribute
{
    public DockerComposeFactAttribute() => Skip = ComposeConfig.Unavailable.Value;
}

/// <summary>A [Theory] that is skipped, saying what to install, where `docker compose` cannot run.</summary>
public sealed class DockerComposeTheoryAttribute : TheoryAttribute
{
    public DockerComposeTheoryAttribute() => Skip = ComposeConfig.Unavailable.Value;
}

/// <summary>`docker compose config` on the repository's docker-compose.yml and .env, isolated from the caller's settings.</summary>
internal static class ComposeConfig
{
    /// <summary>
    /// Why `docker compose` cannot run here, or null when it can. In CI (CI=true) never a reason: .ci/run installs
    /// Compose v2, and a test that skipped there would hide that it did not.
    /// </summary>
    public static readonly Lazy<string?> Unavailable = new(() =>
    {
        const string Install = "Install Docker Desktop, or the docker CLI with its Compose v2 plugin (Debian/Ubuntu: docker-ce-cli and "
            + "docker-compose-plugin from Docker's apt repository); no engine is needed for these tests.";
        if (Environment.GetEnvironmentVariable("CI") == "true")
        {
            return null;
        }

        try
        {
            var (exitCode, output, errors) = ShellProcess.RunAsync("docker", ["compose", "version"], new Dictionary<string, string?>())
                .GetAwaiter().GetResult();
            var reason = (errors + output).Trim().Split('\n')[0];
            return exitCode == 0 ? null : $"`docker compose version` failed ({reason}). {Install}";
        }
        catch (Win32Exception)
        {
            return $"No `docker` on PATH. {Install}";
        }
    });

    // Variables docker-compose.yml reads: the caller's shell must not change what .env says.
    public static readonly string[] Variables =
    [
        "COMPOSE_PROFILES", "COMPOSE_FILE", "COMPOSE_PROJECT_NAME", "COMPOSE_ENV_FILES", "MSSQL_SA_PASSWORD", "POSTGRES_PASSWORD",
        "PROFILE", "EXPERIMENTS", "STEPS", "WARMUP_SECONDS", "STEP_SECONDS", "COOLDOWN_SECONDS", "SLA_P95_MS", "SLA_ERROR_PERCENT",
        "SET", "SEARCH", "MIN_WORKER_THREADS", "DB_MAX_POOL_SIZE", "APP_PORT", "APP_URL", "SWEEP_CPUS", "REPORT_NAME", "REPORTS_OWNER",
        "DOTNET_SDK_IMAGE", "DOTNET_ASPNET_IMAGE", "K6_IMAGE", "POSTGRES_IMAGE", "MSSQL_IMAGE", "ASPIRE_DASHBOARD_IMAGE", "DASHBOARD_PORT",
        "LIVE",
    ];

    public static Task<JsonElement> ServicesAsync(string? profile, string? also = null) =>
        ServicesAsync([.. new[] { profile, also }.OfType<string>()], []);

    public static async Task<JsonElement> ServicesAsync(string[] profiles, Dictionary<string, string?> environment)
    {
        var (exitCode, output, errors) = await RunAsync(profiles, environment);
        Assert.True(exitCode == 0, $"docker compose config exited {exitCode}: {errors}");
        using var document = JsonDocument.Parse(output);
        return document.RootElement.GetProperty("services").Clone();
    }

    public static Task<(int ExitCode, string Output, string Errors)> RunAsync(
        string[] profiles, Dictionary<string, string?> environment, string[]? options = null)
    {
        foreach (var name in Variables)
        {
            environment.TryAdd(name, null);
        }

        return ShellProcess.RunAsync("docker",
            ["compose", "--project-directory", Repository.Root, "-f", Path.Combine(Repository.Root, "docker-compose.yml"), .. options ?? [],
                .. profiles.SelectMany(p => new[] { "--profile", p }), "config", "--format", "json"],
            environment);
    }

    /// <summary>A copy of the repository's .env without one variable's line.</summary>
    public static async Task<string> EnvFileWithoutAsync(string variable)
    {
        var envFile = Path.Combine(Directory.CreateTempSubdirectory("compose-env-").FullName, ".env");
        var lines = await File.ReadAllLinesAsync(Path.Combine(Repository.Root, ".env"));
        await File.WriteAllLinesAsync(envFile, lines.Where(l => !l.StartsWith(variable + "=", StringComparison.Ordinal)));
        return envFile;
    }
}

/// <summary>Runs a program from the repository root and collects its output; a null value removes a variable.</summary>
internal static class ShellProcess
{
    public static async Task<(int ExitCode, string Output, string Errors)> RunAsync(
        string program, IEnumerable<string> arguments, IReadOnlyDictionary<string, string?> environment)
    {
        var startInfo = new ProcessStartInfo(program)
        {
            WorkingDirectory = Repository.Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            startInfo.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment)
        {
            if (value is null)
            {
                startInfo.Environment.Remove(name);
            }
            else
            {
                startInfo.Environment[name] = value;
            }
        }

        using var process = Process.Start(startInfo)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(' ', startInfo.ArgumentList)} did not finish within 2 minutes");
        }

        return (process.ExitCode, await output, await errors);
    }
}
