namespace AsyncCapacity.Tests.Compose;

/// <summary>A [Theory] that is skipped, saying what to install, where `docker compose` cannot run.</summary>
public sealed class DockerComposeTheoryAttribute : TheoryAttribute
{
    public DockerComposeTheoryAttribute() => Skip = ComposeConfig.Unavailable.Value;
}
