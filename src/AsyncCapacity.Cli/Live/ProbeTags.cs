using System.Globalization;

namespace AsyncCapacity.Cli.Live;

/// <summary>What a probe's telemetry carries, so the dashboard's charts read against the run: one instance per variant, so that
/// its successive probes (each a fresh app and a fresh k6) draw one timeline rather than a short blip each.</summary>
/// <param name="Name">The probe's files' name ("sleep-sync-c50-r2"), a resource attribute that says which probe sent it.</param>
/// <param name="Number">The probe's place in its variant's search (the CLI's "probe 4 of at most 16").</param>
internal sealed record ProbeTags(string Experiment, string Variant, int Load, int Number, string Name)
{
    /// <summary>The dashboard's instance: "sleep-sync", shown as "asynccapacity-sleep-sync" and "k6-sleep-sync".</summary>
    public string Instance => $"{Experiment}-{Variant}";

    /// <summary>The probe's own attributes, beside the instance.</summary>
    public IEnumerable<KeyValuePair<string, object>> Attributes =>
    [
        new("asynccapacity.experiment", Experiment),
        new("asynccapacity.variant", Variant),
        new("asynccapacity.load", Load),
        new("asynccapacity.probe", Number),
        new("asynccapacity.probe_name", Name),
    ];

    /// <summary>OTEL_RESOURCE_ATTRIBUTES, comma-separated key=value pairs (opentelemetry.io/docs/specs/otel/resource/sdk/).</summary>
    public string ResourceAttributes => $"service.instance.id={Instance}," + string.Join(',',
        Attributes.Select(a => string.Create(CultureInfo.InvariantCulture, $"{a.Key}={a.Value}")));
}
