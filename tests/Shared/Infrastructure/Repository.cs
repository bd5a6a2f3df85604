namespace AsyncCapacity.Tests.Infrastructure;

internal static class Repository
{
    /// <summary>The repository root: the folder above the test binaries that holds AsyncCapacity.sln.</summary>
    public static string Root { get; } = FindRoot();

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "AsyncCapacity.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No AsyncCapacity.sln above {AppContext.BaseDirectory}.");
    }
}
