using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>What each variant of an experiment was given to find its knee, recorded so the report can say it and compare can
/// name a change.</summary>
/// <param name="Steps">The coarse pass; with the search off, every load probed.</param>
/// <param name="SearchProbes">The search's budget beyond its steps (--probes); null with the search off.</param>
/// <param name="MaxProbes">The most a variant could take: its steps, the search's budget and a headline load.</param>
public sealed record ProbePlan(IReadOnlyList<int> Steps, int? SearchProbes, int MaxProbes)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LoadCap? Cap { get; init; }
}

/// <summary>No load above <see cref="Load"/> was probed: k6 holds a socket per client and the app one per connection, each within
/// <see cref="OpenFiles"/> (the sweep's `ulimit -n`, which both inherit).</summary>
public sealed record LoadCap(int Load, long OpenFiles);
