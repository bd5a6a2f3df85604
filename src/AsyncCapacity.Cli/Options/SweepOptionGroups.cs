using System.CommandLine;

namespace AsyncCapacity.Cli.Options;

/// <summary>`capacity sweep`'s options, in groups: each adds its own options and rules, and sets its part of the request.</summary>
internal sealed class SweepOptionGroups
{
    public ExperimentOptionGroup Experiments { get; } = new();

    public ProfileOptionGroup Profile { get; } = new();

    public AppOptionGroup App { get; } = new();

    public LoadModelOptionGroup LoadModel { get; } = new();

    public SearchOptionGroup Search { get; } = new();

    public SlaOptionGroup Sla { get; } = new();

    public ThreadOptionGroup Threads { get; } = new();

    public DatabaseOptionGroup Database { get; } = new();

    public OutputOptionGroup Output { get; } = new();

    public LiveOptionGroup Live { get; } = new();

    public SustainOptionGroup Sustain { get; } = new();

    public LoadRunnerOptionGroup Runners { get; } = new();

    /// <summary>In the order --help lists them.</summary>
    private IEnumerable<IOptionGroup> All =>
        [Experiments, Profile, App, LoadModel, Search, Sustain, Sla, Threads, Database, Output, Runners, Live];

    public void AddTo(Command command)
    {
        foreach (var group in All)
        {
            group.AddTo(command, this);
        }
    }

    public SweepRequest Request(ParseResult parse) =>
        All.Aggregate(new SweepRequest(), (request, group) => group.Apply(parse, request, this));
}
