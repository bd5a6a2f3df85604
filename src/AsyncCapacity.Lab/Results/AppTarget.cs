using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

public sealed record AppTarget(AppTargetKind Kind)
{
    public string? Where { get; init; }

    public int? ProcessId { get; init; }

    /// <summary>Shared with k6; null outside a container.</summary>
    public int? ContainerCpus { get; init; }

    public string? Project { get; init; }

    public string? ReadyPath { get; init; }

    public int? MinWorkerThreads { get; init; }

    public string? Folder { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public bool ReadFromOutside { get; init; }

    /// <summary>Read from a results file written when targets were sentences.</summary>
    public string? Text { get; init; }

    public static AppTarget Url(string url, int? processId = null) => new(AppTargetKind.Url) { Where = url, ProcessId = processId };

    public static AppTarget Legacy(string text) => new(AppTargetKind.Legacy) { Text = text };
}

public enum AppTargetKind
{
    Legacy,
    BuiltApp,
    PublishedApp,
    UserApp,
    Url,
}
