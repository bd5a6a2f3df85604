using System.Globalization;

namespace AsyncCapacity.Cli.Load;

/// <summary>The contract between the sweep and k6-scripts/sweep.js: one probe, as environment variables (k6-scripts/README.md).</summary>
internal static class K6Environment
{
    public static Dictionary<string, string> Of(LoadSpec spec, RepositoryLayout layout, string resultsFile)
    {
        var environment = new Dictionary<string, string>
        {
            ["EXPERIMENT"] = spec.Experiment.Id,
            ["DECLARATION"] = layout.DeclarationOf(spec.Experiment),
            ["MODEL"] = spec.Model.Name,
            ["SET"] = string.Join(",", spec.Parameters.Select(p => $"{p.Key}={p.Value}")),
            ["BASE_URL"] = spec.BaseUrl.ToString().TrimEnd('/'),
            ["READY_PATH"] = spec.ReadyPath,
            ["VARIANTS"] = spec.Variant,
            ["STEPS"] = Invariant(spec.Load),
            ["WARMUP_SECONDS"] = Invariant(spec.WarmupSeconds),
            ["STEP_SECONDS"] = Invariant(spec.StepSeconds),
            ["TAIL_SECONDS"] = Invariant(spec.TailSeconds),
            ["COOLDOWN_SECONDS"] = "0",
            ["SLA_P95_MS"] = Invariant(spec.Sla.P95Ms),
            ["SLA_ERROR_RATE"] = Invariant(spec.Sla.MaxErrorRate),
            ["RESULTS_FILE"] = resultsFile,
            ["PER_SECOND"] = spec.Held ? "1" : "0",
            ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
            ["K6_NO_USAGE_REPORT"] = "true",
        };
        foreach (var (key, value) in spec.Live is { } live ? K6Telemetry.Environment(live, spec.Tags) : new Dictionary<string, string>())
        {
            environment[key] = value;
        }

        return environment;
    }

    private static string Invariant(double value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Invariant(int value) => value.ToString(CultureInfo.InvariantCulture);
}
