using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>What the load ran against: the lab's app (built or published), a user's app, or a URL; Report's RunText says it.</summary>
public sealed record AppTarget(AppTargetKind Kind)
{
    /// <summary>The URL (a running target), the published app's folder, or the user's command.</summary>
    public string? Where { get; init; }

    public int? ProcessId { get; init; }

    /// <summary>The sweep's container's CPUs, shared with k6; null outside a container.</summary>
    public int? ContainerCpus { get; init; }

    /// <summary>A user's app: the project it was built from, the path it is ready at, the pool's minimum the hook set.</summary>
    public string? Project { get; init; }

    public string? ReadyPath { get; init; }

    public int? MinWorkerThreads { get; init; }

    /// <summary>A user's app: the folder it was started in (its content root).</summary>
    public string? Folder { get; init; }

    /// <summary>The app's runtime was read from outside over EventPipe.</summary>
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

/// <summary>How probes were kept apart: a fresh process each, or one process with a cool-down between them.</summary>
public sealed record RunIsolation(RunIsolationKind Kind)
{
    public double? CooldownSeconds { get; init; }

    /// <summary>Read from a results file written when isolations were sentences.</summary>
    public string? Text { get; init; }

    public static RunIsolation FreshPerProbe { get; } = new(RunIsolationKind.FreshPerProbe);

    public static RunIsolation Legacy(string text) => new(RunIsolationKind.Legacy) { Text = text };
}

public enum RunIsolationKind
{
    Legacy,
    FreshPerProbe,
    OneProcessPerRun,
    OneProcessForSteps,
}
