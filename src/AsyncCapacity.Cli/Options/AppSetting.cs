using System.CommandLine.Parsing;

namespace AsyncCapacity.Cli.Options;

/// <summary>One `--app-setting Section__Key=value`: an environment variable of the app the sweep starts.</summary>
internal sealed record AppSetting(string Key, string Value)
{
    public static AppSetting? Parse(string entry, ArgumentResult result)
    {
        var (key, value) = entry.Split('=', 2, StringSplitOptions.TrimEntries) is [var k, var v] ? (k, v) : (entry, "");
        if (!System.Text.RegularExpressions.Regex.IsMatch(key, "^[A-Za-z][A-Za-z0-9]*(__[A-Za-z][A-Za-z0-9]*)+$") || value.Length == 0)
        {
            result.AddError($"--app-setting takes Section__Key=value, the app's environment variable, "
                + $"e.g. Audit__BoundedWriters=25; got '{entry}'.");
            return null;
        }

        return new AppSetting(key, value);
    }

    /// <summary>Settings the sweep itself gives the app: each has its own option, which the refusal names.</summary>
    private static readonly (string Prefix, string Instead)[] OwnedSettings =
    [
        ("Database__", "the --db-* options"),
        ("RequestQueue__", "--request-queue-limit and --request-queue-concurrency"),
        ("ThreadPool__MinWorkerThreads", "--min-threads"),
        ("Diagnostics__", "nothing: the sweep sets it to read the app's timeline"),
        ("ASPNETCORE_", "nothing: the sweep picks the app's port and environment"),
        ("DOTNET_", "nothing: the sweep sets the app's environment"),
    ];

    public static string? Owner(string key) =>
        OwnedSettings.FirstOrDefault(o => key.StartsWith(o.Prefix, StringComparison.OrdinalIgnoreCase)).Instead;
}
