using System.ComponentModel;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

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
        "SET", "SEARCH", "MIN_WORKER_THREADS", "DB_MAX_POOL_SIZE", "APP_PORT", "APP_URL", "APP_CPUS", "SWEEP_CPUS",
        "REPORT_NAME", "REPORTS_OWNER",
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
