using System.CommandLine;
using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class SlaOptionGroup : IOptionGroup
{
    public Option<Scoped<double>[]> P95 { get; } = new("--sla-p95")
    {
        Description = "SLA: p95 latency in ms, for all experiments (1000) or one (sleep=800). "
            + "Repeatable [default: each experiment's declared SLA].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<double>.ParseAll(result, "a latency in ms above 0", raw => Number(raw, v => v > 0)),
    };

    public Option<Scoped<double>[]> Errors { get; } = new("--sla-errors")
    {
        Description = "SLA: highest error percentage, for all experiments (1) or one (sleep=0.5). "
            + "Repeatable [default: each experiment's declared SLA].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<double>.ParseAll(result, "a percentage from 0 to 100",
            raw => Number(raw, v => v is >= 0 and <= 100)),
    };

    public IEnumerable<(string Option, string? Experiment)> Scopes(CommandResult result) =>
        (Valid(result, P95) ?? []).Select(s => ("--sla-p95", s.Experiment))
            .Concat((Valid(result, Errors) ?? []).Select(s => ("--sla-errors", s.Experiment)));

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(P95);
        command.Options.Add(Errors);
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) => request with
    {
        SlaP95Overrides = parse.GetValue(P95) ?? [],
        SlaErrorOverrides = parse.GetValue(Errors) ?? [],
    };
}
