using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <param name="SearchProbes">The search's budget beyond its steps (--probes); null with the search off.</param>
/// <param name="MaxProbes">The most a variant could take: its steps, the search's budget and a headline load.</param>
public sealed record ProbePlan(IReadOnlyList<int> Steps, int? SearchProbes, int MaxProbes)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LoadCap? Cap { get; init; }
}

/// <summary>k6 holds a socket per client and the app one per connection, each within the sweep's `ulimit -n`.</summary>
public sealed record LoadCap(int Load, long OpenFiles);
