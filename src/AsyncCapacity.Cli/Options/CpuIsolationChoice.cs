using System.Diagnostics;
using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Options;

/// <summary>Disjoint CPU sets so that each step can say which side was at its limit. .NET sizes its pool's minimum to its CPUs, so the app
/// on 1 of 2 cores starts with 1 pool thread: the run header says so.</summary>
internal static class CpuIsolationChoice
{
    /// <summary>From 4 CPUs, the app keeps at least 2 (a small server) and k6 gets as many: isolation costs the lesson nothing.</summary>
    public const int AutoFromCpus = 4;

    public static CpuIsolation? Choose(IsolationMode mode, IReadOnlyList<int>? cpus = null)
    {
        cpus ??= Available();
        var on = mode == IsolationMode.On || (mode == IsolationMode.Auto && cpus.Count >= AutoFromCpus);
        if (!on)
        {
            return null;
        }

        if (cpus.Count < 2)
        {
            throw new UsageException(
                $"--isolate on needs at least 2 CPUs, one for the app and one for k6; this process may use {cpus.Count}.");
        }

        if (!File.Exists("/usr/bin/taskset") && !File.Exists("/bin/taskset"))
        {
            throw new UsageException(
                "--isolate needs taskset (util-linux: apt-get install util-linux) to pin the app and k6 to their CPUs.");
        }

        var app = cpus.Take((cpus.Count + 1) / 2).ToList();
        var loadGenerator = cpus.Skip(app.Count).ToList();
        return new CpuIsolation(List(app), List(loadGenerator), app.Count, loadGenerator.Count, cpus.Count);
    }

    public static List<int> Available()
    {
        if (!OperatingSystem.IsLinux() && !OperatingSystem.IsWindows())
        {
            return [.. Enumerable.Range(0, Environment.ProcessorCount)];
        }

        var mask = Process.GetCurrentProcess().ProcessorAffinity.ToInt64();

        return [.. Enumerable.Range(0, 64).Where(cpu => (mask & (1L << cpu)) != 0)];
    }

    private static string List(IEnumerable<int> cpus) => string.Join(',', cpus.Select(c => c.ToString(CultureInfo.InvariantCulture)));
}
