namespace AsyncCapacity.Cli.Sweep;

/// <summary>Where the sweep finds the app to build and the k6 scripts: the repository this tool runs from.</summary>
internal sealed record RepositoryLayout(string Root)
{
    public string WebProject => Path.Combine(Root, "src", "AsyncCapacity.Web", "AsyncCapacity.Web.csproj");

    public string WebOutput => Path.Combine(Root, "src", "AsyncCapacity.Web", "bin", "Release", "net10.0");

    /// <summary>The one k6 script: it sweeps the experiment named by EXPERIMENT, as experiments/&lt;id&gt;.json declares it.</summary>
    public string SweepScript => Path.Combine(Root, "k6-scripts", "sweep.js");

    /// <summary>This project's machines keep k6 beside the repository, in ../shared/tools.</summary>
    public string SharedK6 => Path.GetFullPath(Path.Combine(Root, "..", "shared", "tools", "k6"));

    public static RepositoryLayout Find()
    {
        foreach (var start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "AsyncCapacity.sln"))
                    && Directory.Exists(Path.Combine(directory.FullName, "k6-scripts")))
                {
                    return new RepositoryLayout(directory.FullName);
                }
            }
        }

        throw new UsageException("Cannot find the AsyncCapacity repository (the folder with AsyncCapacity.sln and k6-scripts/). Run capacity from inside it.");
    }
}
