using System.CommandLine;

namespace AsyncCapacity.Cli.Options;

/// <summary>`capacity sweep`'s options, in groups: each adds its own options and rules, and sets its part of the request.</summary>
internal sealed class SweepOptionGroups
{
    public ExperimentOptions Experiments { get; } = new();

    public ProfileOptions Profile { get; } = new();

    public AppOptions App { get; } = new();

    public LoadModelOptions LoadModel { get; } = new();

    public SearchOptions Search { get; } = new();

    public SlaOptions Sla { get; } = new();

    public ThreadOptions Threads { get; } = new();

    public DatabaseOptions Database { get; } = new();

    public OutputOptions Output { get; } = new();

    public LiveOptions Live { get; } = new();

    public SustainOptions Sustain { get; } = new();

    /// <summary>In the order --help lists them.</summary>
    private IEnumerable<IOptionGroup> All => [Experiments, Profile, App, LoadModel, Search, Sustain, Sla, Threads, Database, Output, Live];

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
