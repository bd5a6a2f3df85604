using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Sweep;

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
    RepositoryLayout Layout)
{
    /// <summary>An order's load as k6 gets it, built in one place for a probe and a held load: its variant and load against the app
    /// at the plan's parameters, in the order's model, warm-up and window, judged by the plan's SLA; tail, live export and the held
    /// mode are the caller's to add.</summary>
    public LoadSpec LoadOf(ProbeOrder order, IRunningApp app, ProbeTags tags) => new(
        order.Name, order.Plan.Declaration, order.Variant, order.Load, order.Terms.Model, order.Plan.Parameters, app.LoadUrl,
        Request.ReadyPath ?? "/healthz", order.Timing.WarmupSeconds, order.Seconds, TailSeconds: 0, order.Plan.Sla, Live: null, tags,
        Request.Isolation?.LoadGeneratorCpus);
}
