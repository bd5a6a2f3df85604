using System.Runtime.InteropServices;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Observe;

/// <summary>The machine the sweep runs on, read once: its name, its OS and the kernel's connection limits.</summary>
internal static class HostFacts
{
    private static readonly Lazy<(string Machine, string Os, ConnectionLimits? Limits)> Current =
        new(() => (Environment.MachineName, RuntimeInformation.OSDescription, KernelLimits.Read()));

    public static RunFacts Of(RunFacts facts) =>
        facts with { Machine = Current.Value.Machine, Os = Current.Value.Os, Limits = Current.Value.Limits };
}
