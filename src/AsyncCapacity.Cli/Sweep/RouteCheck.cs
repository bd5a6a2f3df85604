using AsyncCapacity.Cli.Targets;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One request per variant before the sweep, so a refused request fails in a second, not after the whole sweep.</summary>
internal static class RouteCheck
{
    public static async Task RunAsync(
        Experiment experiment, IReadOnlyDictionary<string, string> parameters, AppClient client, CancellationToken cancellationToken)
    {
        if (!experiment.Load.ProbedByRequest)
        {
            return;
        }

        foreach (var variant in experiment.Variants)
        {
            var route = experiment.PathAndQuery(variant, parameters);
            if (await client.ProbeAsync(variant.Method, route, Body(experiment), cancellationToken, experiment.Headers) is { } refusal)
            {
                throw new UsageException($"The app refused {variant.Method} {route}: {refusal}");
            }
        }
    }

    /// <summary>The declared body with its placeholders filled as a probe's: one entry, recognisably not k6's.</summary>
    private static string? Body(Experiment experiment) => experiment.Body is null
        ? null
        : System.Text.Json.JsonSerializer.Serialize(experiment.Body.ToDictionary(
            field => field.Key,
            field => field.Value.Replace("{vu}", "probe", StringComparison.Ordinal).Replace("{iteration}", "0", StringComparison.Ordinal)
                .Replace("{step}", "probe", StringComparison.Ordinal)));
}
