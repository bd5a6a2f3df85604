using System.ComponentModel;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// A [Fact] that needs a Docker engine and Compose v2: skipped, saying what to start, where none answers; never in CI
/// (CI=true), where .ci/run starts an engine and a skip would hide that it did not.
/// </summary>
public sealed class DockerEngineFactAttribute : FactAttribute
{
    public static readonly Lazy<string?> Unavailable = new(() =>
    {
        if (Environment.GetEnvironmentVariable("CI") == "true")
        {
            return null;
        }

        if (ComposeConfig.Unavailable.Value is { } noCompose)
        {
            return noCompose;
        }

        try
        {
            var (exitCode, _, errors) = ShellProcess
                .RunAsync("docker", ["info", "--format", "{{.ServerVersion}}"], new Dictionary<string, string?>())
                .GetAwaiter().GetResult();
            return exitCode == 0 ? null
                : $"No Docker engine answers (`docker info`: {errors.Trim().Split('\n')[0]}). Start one (dockerd), or set DOCKER_HOST.";
        }
        catch (Win32Exception)
        {
            return "No `docker` on PATH.";
        }
    });

    public DockerEngineFactAttribute() => Skip = Unavailable.Value;
}
