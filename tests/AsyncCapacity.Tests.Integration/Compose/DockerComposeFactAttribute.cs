namespace AsyncCapacity.Tests.Compose;

/// <summary>A [Fact] that is skipped, saying what to install, where `docker compose` cannot run.</summary>
public sealed class DockerComposeFactAttribute : FactAttribute
{
    public DockerComposeFactAttribute() => Skip = ComposeConfig.Unavailable.Value;
}
