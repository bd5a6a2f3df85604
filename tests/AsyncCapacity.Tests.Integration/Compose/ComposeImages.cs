using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// The images `docker compose up` builds (the sweep's, from the Dockerfile), built once for the class: the official
/// base images where a registry answers, or the stand-ins that docker/standins/build.sh made and named in
/// docker/standins/standins.env.
/// </summary>
public sealed class ComposeImages : IAsyncLifetime
{
    private static readonly string StandIns = Path.Combine(Repository.Root, "docker", "standins", "standins.env");

    /// <summary>The env files every compose command of the tests reads: the repository's .env, then the stand-ins' if built.</summary>
    public IReadOnlyList<string> EnvFiles { get; } =
        File.Exists(StandIns) ? [Path.Combine(Repository.Root, ".env"), StandIns] : [Path.Combine(Repository.Root, ".env")];

    public async Task InitializeAsync()
    {
        if (DockerEngineFactAttribute.Unavailable.Value is not null)
        {
            return;
        }

        var build = await ComposeProject.ComposeAsync(EnvFiles, "asynccapacity-test-build", TimeSpan.FromMinutes(25),
            ["--profile", "postgres", "build", "sweep"], []);
        Assert.True(build.ExitCode == 0, $"docker compose build exited {build.ExitCode}:\n{build.Output}");
    }

    public Task DisposeAsync() => Task.CompletedTask;
}
