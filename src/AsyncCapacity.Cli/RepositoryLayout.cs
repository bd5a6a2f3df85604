namespace AsyncCapacity.Cli;

/// <summary>The repository this tool runs from (the app built from its sources), or the sweep image's /app (published).</summary>
internal sealed record RepositoryLayout(string Root)
{
    public string WebProject => Path.Combine(Root, "src", "AsyncCapacity.Web", "AsyncCapacity.Web.csproj");

    public string WebOutput => HasSources ? Path.Combine(Root, "src", "AsyncCapacity.Web", "bin", "Release", "net10.0") : Root;

    /// <summary>One script for every experiment: it sweeps the one EXPERIMENT names, as experiments/&lt;id&gt;.json declares it.</summary>
    public string SweepScript => Path.Combine(Root, "k6-scripts", "sweep.js");

    /// <summary>The declaration k6 sweeps: a user's file (--experiment-file), or the lab's own in experiments/.</summary>
    public string DeclarationOf(Experiment experiment) => experiment.Source ?? Path.Combine(Root, "experiments", $"{experiment.Id}.json");

    public string BaselineScript => Path.Combine(Root, "k6-scripts", "baseline.js");

    /// <summary>The smallest ASP.NET Core app answering /hello the same way: the app's own cost is measured against it.</summary>
    public string MinimalProject => Path.Combine(Root, "bench", "MinimalApp", "MinimalApp.csproj");

    public string MinimalOutput => Path.Combine(Root, "bench", "MinimalApp", "bin", "Release", "net10.0");

    /// <summary>This project's machines keep k6 beside the repository, in ../shared/tools.</summary>
    public string SharedK6 => Path.GetFullPath(Path.Combine(Root, "..", "shared", "tools", "k6"));

    public bool HasSources => File.Exists(WebProject);

    /// <summary>The sweep image's /app: ready to start without a build.</summary>
    public bool HasPublishedApp => !HasSources && File.Exists(Path.Combine(Root, "AsyncCapacity.Web.dll"));

    public static RepositoryLayout Find()
    {
        foreach (var start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, "k6-scripts", "sweep.js")))
                {
                    return new RepositoryLayout(directory.FullName);
                }
            }
        }

        throw new UsageException(
            "Cannot find the AsyncCapacity repository (the folder with k6-scripts/sweep.js). Run capacity from inside it.");
    }
}
