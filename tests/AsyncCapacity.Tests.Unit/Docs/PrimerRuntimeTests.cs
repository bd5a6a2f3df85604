using System.Reflection;
using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// docs/workshop/primer.md quotes the thread pool's settings from dotnet/runtime's sources at a commit; these read the
/// same settings from the runtime that runs the tests (private fields of System.Private.CoreLib, so a runtime that moved
/// them fails here first), so the primer's figures are this runtime's. Constants (the gate's 500 ms, the 80% and 95% CPU
/// thresholds) are compiled into their users and left out of the runtime's metadata: the primer cites their lines.
/// </summary>
public sealed partial class PrimerRuntimeTests
{
    /// <summary>The runtime the recorded runs used, as the primer names it.</summary>
    private const string RecordedRuntime = "10.0.12";

    [Fact]
    public void Every_link_to_the_runtimes_sources_is_pinned_to_the_commit_that_built_the_recorded_runs_runtime()
    {
        // Arrange: the pool's sources as the docs link them, and this runtime's version and commit
        var pages = Directory.GetFiles(Path.Combine(Repository.Root, "docs"), "*.md", SearchOption.AllDirectories)
            .Append(Path.Combine(Repository.Root, "src", "AsyncCapacity.Report", "Html", "HowToRead.md"));
        var links = pages.SelectMany(page => SourceLink().Matches(File.ReadAllText(page)).Select(m => (Page: Path.GetFileName(page), m)))
            .ToList();
        var built = typeof(object).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()!.InformationalVersion;
        var version = built.Split('-', '+')[0];
        var commit = built.Split('+')[1];

        // Assert: one commit for all; on the recorded runtime, its own
        Assert.NotEmpty(links);
        var commits = links.Select(l => l.m.Groups["commit"].Value).Distinct().ToList();
        Assert.True(commits.Count == 1, $"the runtime's sources are linked at {commits.Count} commits: {string.Join(", ", commits)}");
        Assert.Contains(commits[0][..12], File.ReadAllText(Path.Combine(Repository.Root, "docs", "workshop", "primer.md")));
        if (version == RecordedRuntime)
        {
            Assert.Equal(commit, commits[0]);
        }

        // Members, not lines: a line anchor read at one commit and moved to another points at the wrong line unseen
        Assert.DoesNotContain(links, l => l.m.Value.Contains("#L", StringComparison.Ordinal));
    }

    /// <summary>A link into the thread pool's sources, at dotnet/dotnet (where .NET 10's runtime is built) or
    /// dotnet/runtime.</summary>
    [GeneratedRegex(@"https://github\.com/dotnet/(?:dotnet|runtime)/blob/(?<commit>[^/]+)/\S*?Threading/PortableThreadPool[^)\s]*")]
    private static partial Regex SourceLink();

    private const BindingFlags Fields = BindingFlags.Static | BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    [Fact]
    public void Cooperative_blocking_adds_ProcessorCount_threads_at_once_then_one_per_25_ms_step_up_to_250_ms()
    {
        // Arrange
        var config = Pool("BlockingConfig");

        // Assert
        Assert.Equal(true, Static(config, "IsCooperativeBlockingEnabled"));
        Assert.Equal((short)Environment.ProcessorCount, Static(config, "ThreadsToAddWithoutDelay"));
        Assert.Equal((short)Environment.ProcessorCount, Static(config, "ThreadsPerDelayStep"));
        Assert.Equal(25u, Static(config, "DelayStepMs"));
        Assert.Equal(250u, Static(config, "MaxDelayMs"));
    }

    [Fact]
    public void Hill_climbing_moves_at_most_4_threads_a_second_and_20_a_sample_with_a_wave_of_up_to_20()
    {
        // Arrange
        var hillClimbing = Pool("HillClimbing");
        var climber = Static(hillClimbing, "ThreadPoolHillClimber")!;

        // Assert
        Assert.Equal(4.0, Instance(climber, "_maxChangePerSecond"));
        Assert.Equal(20.0, Instance(climber, "_maxChangePerSample"));
        Assert.Equal(20, Instance(climber, "_maxThreadWaveMagnitude"));
        Assert.Equal(0.15, Instance(climber, "_maxSampleError"));
        Assert.Equal(10, Instance(climber, "_sampleIntervalMsLow"));
        Assert.Equal(200, Instance(climber, "_sampleIntervalMsHigh"));
    }

    [Fact]
    public void An_idle_pool_thread_retires_after_20_seconds()
    {
        // Assert
        Assert.Equal(20_000, Static(Pool(null), "ThreadPoolThreadTimeoutMs"));
    }

    private static Type Pool(string? nested)
    {
        var name = "System.Threading.PortableThreadPool" + (nested is null ? "" : "+" + nested);
        var type = typeof(object).Assembly.GetType(name);
        Assert.True(type is not null, $"this runtime has no {name}: the primer's sources moved");
        return type;
    }

    private static object? Static(Type type, string field) => Field(type, field).GetValue(null);

    private static object? Instance(object target, string field) => Field(target.GetType(), field).GetValue(target);

    private static FieldInfo Field(Type type, string name)
    {
        var field = type.GetField(name, Fields);
        Assert.True(field is not null, $"{type.FullName} has no field {name} in this runtime: the primer's sources moved");
        return field;
    }
}
