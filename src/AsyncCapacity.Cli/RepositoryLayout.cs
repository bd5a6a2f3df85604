namespace AsyncCapacity.Cli;

/// <summary>Where the lab's files are: a clone of the repository (the app built from its sources), or a published CLI's own
/// folder (the installed `capacity` tool's, the sweep image's), which holds the app and the scripts beside capacity.dll
/// (src/AsyncCapacity.Cli/LabBundle.targets). Read only: outputs go to the working folder, fetched things to
/// <see cref="UserCache"/>.</summary>
internal sealed record RepositoryLayout(string Root)
{
    public string WebProject => Path.Combine(Root, "src", "AsyncCapacity.Web", "AsyncCapacity.Web.csproj");

    public string WebOutput =>
        HasSources ? Path.Combine(Root, "src", "AsyncCapacity.Web", "bin", "Release", "net10.0") : Path.Combine(Root, "app");

    /// <summary>One script for every experiment: it sweeps the one EXPERIMENT names, as experiments/&lt;id&gt;.json declares it.</summary>
    public string SweepScript => Path.Combine(Root, "k6-scripts", "sweep.js");

    /// <summary>The declaration k6 sweeps: a user's file (--experiment-file), or the lab's own in experiments/.</summary>
    public string DeclarationOf(Experiment experiment) => experiment.Source ?? Path.Combine(Root, "experiments", $"{experiment.Id}.json");

    public string BaselineScript => Path.Combine(Root, "k6-scripts", "baseline.js");

    /// <summary>The smallest ASP.NET Core app answering /hello the same way: the app's own cost is measured against it.</summary>
    public string MinimalProject => Path.Combine(Root, "bench", "MinimalApp", "MinimalApp.csproj");

    public string MinimalOutput =>
        HasSources ? Path.Combine(Root, "bench", "MinimalApp", "bin", "Release", "net10.0") : Path.Combine(Root, "minimal");

    /// <summary>The restore-only project of the live view's dashboard; restored in a copy in the user's cache, never here.</summary>
    public string DashboardProject => Path.Combine(Root, "tools", "AspireDashboard", "AspireDashboard.csproj");

    /// <summary>This project's machines keep k6 beside a clone, in ../shared/tools; an installed tool has no such neighbour.</summary>
    public string? SharedK6 => HasSources ? Path.GetFullPath(Path.Combine(Root, "..", "shared", "tools", "k6")) : null;

    public bool HasSources => File.Exists(WebProject);

    /// <summary>A published CLI's folder: the app ready to start without a build.</summary>
    public bool HasPublishedApp => !HasSources && File.Exists(Path.Combine(WebOutput, "AsyncCapacity.Web.dll"));

    /// <summary>The lab this CLI belongs to, found from where the CLI itself is, wherever it is run from.</summary>
    public static RepositoryLayout Find() => Find(AppContext.BaseDirectory);

    /// <summary>The first folder from <paramref name="cliFolder"/> up that holds k6-scripts/sweep.js: the folder itself for a
    /// published CLI, the repository's root for a clone's build (src/AsyncCapacity.Cli/bin/…, or the tests' copy).</summary>
    internal static RepositoryLayout Find(string cliFolder)
    {
        for (var directory = new DirectoryInfo(cliFolder); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "k6-scripts", "sweep.js")))
            {
                return new RepositoryLayout(directory.FullName);
            }
        }

        throw new UsageException($"The lab's files (k6-scripts/sweep.js) are neither beside this capacity ({cliFolder}) nor above it: "
            + "reinstall the tool (dotnet tool update AsyncCapacity), "
            + "or run the CLI of a clone (dotnet run --project src/AsyncCapacity.Cli).");
    }
}
