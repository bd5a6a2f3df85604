namespace AsyncCapacity.Cli;

/// <summary>Where the CLI keeps what it fetches once for the user (the live view's dashboard restore), so that neither the
/// installed tool's folder nor a clone is written to: $XDG_CACHE_HOME/asynccapacity, else ~/.cache/asynccapacity
/// (specifications.freedesktop.org/basedir-spec), %LOCALAPPDATA%\asynccapacity on Windows.</summary>
internal static class UserCache
{
    public static string Root
    {
        get
        {
            if (OperatingSystem.IsWindows())
            {
                return Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData), "asynccapacity");
            }

            var xdg = Environment.GetEnvironmentVariable("XDG_CACHE_HOME");
            // The specification ignores a relative path.
            return Path.Combine(xdg is { Length: > 0 } && Path.IsPathRooted(xdg)
                ? xdg
                : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".cache"), "asynccapacity");
        }
    }

    /// <summary>A folder of the cache, created if needed.</summary>
    public static string Folder(string name) => Directory.CreateDirectory(Path.Combine(Root, name)).FullName;
}
