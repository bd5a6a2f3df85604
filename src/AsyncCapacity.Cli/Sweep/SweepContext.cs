using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>What every probe of a sweep shares, built once before the first: the request, the app source, the load
/// generator, the CPU sampler, the live view, the run's facts, and what the probes so far have read of the app.</summary>
internal sealed record SweepContext(
    SweepRequest Request,
    string RawDirectory,
    ConsoleProgress Progress,
    IAppSource Source,
    ILoadGenerator Load,
    HostCpuSampler Cpu,
    LiveTelemetry? Live,
    RunFacts Facts,
    RepositoryLayout Layout)
{
    public AppReadings Readings { get; } = new();

    public RunInfo RunSoFar => RunDescription.Of(Facts, Readings.App);
}
