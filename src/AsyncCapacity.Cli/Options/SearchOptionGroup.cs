using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using AsyncCapacity.Lab.Search;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class SearchOptionGroup : IOptionGroup
{
    public Option<string> Search { get; } = SearchOption();

    public Option<Scoped<int>[]> Probes { get; } = new("--probes")
    {
        Description = "The search's probe budget per variant beyond its lightest step, for all experiments (6) or one (db=16). "
            + "The search stops sooner once the knee's 90% interval is within ±10%; more probes narrow a knee that turns slowly "
            + $"[default: {SearchPolicy.DefaultSearchProbes}].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int>.ParseAll(result, "a number of probes from 1 to 50",
            raw => int.TryParse(raw, NumberStyles.None, CultureInfo.InvariantCulture, out var probes) && probes is >= 1 and <= 50
                ? (probes, null)
                : (0, "out of range or not a whole number")),
    };

    public IEnumerable<(string Option, string? Experiment)> Scopes(CommandResult result) =>
        (Valid(result, Probes) ?? []).Select(s => ("--probes", s.Experiment));

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(Search);
        command.Options.Add(Probes);
        command.Validators.Add(result =>
        {
            if ((Valid(result, Probes) ?? []).Length > 0 && Valid(result, Search) == "off")
            {
                result.AddError("--probes sets the search's budget; with --search off there is no search, only the steps.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) => request with
    {
        Search = parse.GetValue(Search) != "off",
        ProbeOverrides = parse.GetValue(Probes) ?? [],
    };

    private static Option<string> SearchOption()
    {
        var option = new Option<string>("--search")
        {
            Description = "How each variant's knee is found, each probe on a fresh app. on: after the lightest step, the knee the laws "
                + "predict from it (the declared steps where nothing binds), climbing to their knee as each probe refines it; once a "
                + "load met and one above it missed, each probe where the outcome is least certain, until the knee's 90% interval, "
                + "estimated from every probe, is within ±10% or --probes is spent; a miss while k6 was short of CPU narrows the "
                + "bracket below it to 25%. off: the steps only, the knee estimated from them.",
            DefaultValueFactory = _ => "on",
        };
        option.AcceptOnlyFromAmong("on", "off");
        return option;
    }
}
