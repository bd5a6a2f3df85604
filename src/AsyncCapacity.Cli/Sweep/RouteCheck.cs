using AsyncCapacity.Cli.Targets;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>One request per variant before the sweep, so a refused request fails in a second, not after the whole sweep.</summary>
internal static class RouteCheck
{
    public static async Task RunAsync(
        Experiment experiment, IReadOnlyDictionary<string, string> parameters, string declaration, AppClient client,
        CancellationToken cancellationToken)
    {
        if (!experiment.Load.ProbedByRequest)
        {
            return;
        }

        foreach (var variant in experiment.Variants)
        {
            var route = experiment.PathAndQuery(variant, parameters);
            var probe = ProbeRequest.For(experiment, variant, declaration);
            if (await client.ProbeAsync(variant.Method, route, probe, cancellationToken) is { } refusal)
            {
                throw new UsageException($"The app refused {variant.Method} {route}: {refusal}");
            }
        }
    }
}
