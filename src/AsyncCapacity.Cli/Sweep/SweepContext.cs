using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>What every probe of a sweep shares, built once before the first: the request, the app source, the load
/// generator, the CPU sampler and the live view.</summary>
internal sealed record SweepContext(
    SweepRequest Request,
    string RawDirectory,
    ConsoleProgress Progress,
    IAppSource Source,
    ILoadGenerator Load,
    HostCpuSampler Cpu,
    LiveTelemetry? Live,
    RepositoryLayout Layout);
