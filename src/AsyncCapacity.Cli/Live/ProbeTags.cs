using System.Globalization;

namespace AsyncCapacity.Cli.Live;

/// <summary>What a probe's telemetry carries, so the dashboard's charts read against the run: one instance per probe.</summary>
/// <param name="Name">The probe's files' name ("sleep-sync-c50-r2"), its instance id in the dashboard.</param>
/// <param name="Number">The probe's place in its variant's search (the CLI's "probe 4 of at most 16").</param>
internal sealed record ProbeTags(string Experiment, string Variant, int Load, int Number, string Name)
{
    /// <summary>OTEL_RESOURCE_ATTRIBUTES, comma-separated key=value pairs (opentelemetry.io/docs/specs/otel/resource/sdk/).</summary>
    public string ResourceAttributes => string.Create(CultureInfo.InvariantCulture,
        $"service.instance.id={Name},asynccapacity.experiment={Experiment},asynccapacity.variant={Variant},"
        + $"asynccapacity.load={Load},asynccapacity.probe={Number}");
}
