

using AsyncCapacity.Cli.Targets;

namespace AsyncCapacity.Cli.Load;

/// <summary>The k6 binary, found through K6_PATH, then PATH, then ../shared/tools/k6 beside a clone; run per step.</summary>
internal sealed record K6Tool(string Path, string Version)
{
    /// <summary>k6 exits 99 when a threshold is crossed; the thresholds are the SLA, so that is a finding.</summary>
    public const int ThresholdsCrossedExitCode = 99;

    public ChildProcess Run(
        RepositoryLayout layout, string script, IReadOnlyDictionary<string, string> environment, string logPath,
        Action<string>? onLine = null, string? cpus = null, string? apiAddress = null) =>
        ChildProcess.Start(Path, ["run", "--quiet", "--no-color", .. apiAddress is null ? [] : new[] { "--address", apiAddress }, script],
            layout.Root, environment, logPath, onLine, cpus);

    /// <summary>`k6 archive`: the script, its modules and the files it opens in one tar, the environment baked in as -e values, so that
    /// a runner on another host (or a k6-operator pod) needs k6 and this file only.</summary>
    public ChildProcess Archive(
        RepositoryLayout layout, string script, IReadOnlyDictionary<string, string> environment, string archivePath, string logPath) =>
        ChildProcess.Start(Path, ["archive", "--quiet", "-O", archivePath,
                .. environment.Where(e => !e.Key.StartsWith("K6_", StringComparison.Ordinal))
                    .SelectMany(e => new[] { "-e", $"{e.Key}={e.Value}" }),
                script],
            layout.Root, environment, logPath);

    public static async Task<K6Tool> LocateAsync(RepositoryLayout layout, string logDirectory, CancellationToken cancellationToken)
    {
        var path = Find(layout);
        await using var version = ChildProcess.Start(path, ["version"], layout.Root, new Dictionary<string, string>(),
            System.IO.Path.Combine(logDirectory, "k6-version.log"));
        var exitCode = await version.WaitForExitAsync(cancellationToken);
        if (exitCode != 0)
        {
            throw new HarnessException($"{path} does not run (`k6 version` exited {exitCode}): {version.Tail()}");
        }

        return new K6Tool(path, version.Tail().Split('\n')[0].Trim());
    }

    private static string Find(RepositoryLayout layout)
    {
        var configured = Environment.GetEnvironmentVariable("K6_PATH");
        if (!string.IsNullOrWhiteSpace(configured))
        {
            return File.Exists(configured)
                ? configured
                : throw new HarnessException($"K6_PATH is set to '{configured}', which does not exist. "
                    + $"Point it at the k6 binary or unset it.");
        }

        var onPath = (Environment.GetEnvironmentVariable("PATH") ?? "")
            .Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => System.IO.Path.Combine(directory, "k6"))
            .FirstOrDefault(File.Exists);
        if (onPath is not null)
        {
            return onPath;
        }

        return layout.SharedK6 is { } shared && File.Exists(shared)
            ? shared
            : throw new HarnessException(
                "k6 not found. Install k6 v2.2.0 (https://grafana.com/docs/k6/latest/set-up/install-k6/) "
                    + "and put it on PATH, or set K6_PATH to the binary.");
    }
}
