using System.CommandLine;
using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class ExperimentOptions : IOptionGroup
{
    public Option<Experiment[]> Experiments { get; } = new("--experiments", "-e")
    {
        Description = "Experiments to sweep, comma-separated; experiment:variant for one side only (sleep:sync) [default: those of "
            + $"--experiment-file if given, else all the lab's: {string.Join(",", ExperimentCatalog.Ids)}].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = ExperimentChoice.Parse,
    };

    public Option<Experiment[]> Files { get; } = ExperimentFile();

    public Option<ParameterSetting[]> Set { get; } = new("--set")
    {
        Description = "An experiment's parameter, e.g. sleep.ms=200 (`capacity experiments` lists them with their bounds). Repeatable.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => [.. result.Tokens.Select(t => ParameterSetting.Parse(t.Value, result)).OfType<ParameterSetting>()],
    };

    public static Option<Experiment[]> ExperimentFile() => new(ExperimentChoice.ExperimentFileName)
    {
        Description = "A declaration of your own endpoints (experiments/experiment.schema.json; `capacity experiments --new NAME` "
            + "prints a start), or a folder of *.json. Repeatable. With files given, only their experiments run, unless -e names others.",
        CustomParser = result =>
        {
            try
            {
                return [.. ExperimentFiles.Load(result.Tokens.Select(t => t.Value))];
            }
            catch (InvalidDataException ex)
            {
                return Error<Experiment[]>(result, ex.Message);
            }
        },
    };

    public IReadOnlyList<Experiment> Chosen(CommandResult result) =>
        ExperimentChoice.Chosen(Valid(result, Experiments), ExperimentChoice.FromFiles(result));

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(Experiments);
        command.Options.Add(Set);
        command.Options.Add(Files);
        command.Validators.Add(result =>
        {
            if (all.App.External(result) && (Valid(result, Set) ?? [])
                .FirstOrDefault(s => s.Parameter.Role == ParameterRole.Tls && s.Value == "true") is { } tls)
            {
                result.AddError($"{tls.Experiment.Id}.{tls.Parameter.Name}=true makes the sweep start the app with a TLS listener; "
                    + $"with --target, give your app's https:// URL as --target instead.");
            }

            var chosen = Chosen(result);
            var scopes = all.LoadModel.Scopes(result).Concat(all.Sla.Scopes(result)).Concat(all.Search.Scopes(result))
                .Concat(all.Sustain.Scopes(result))
                .Concat((Valid(result, Set) ?? []).Select(s => ("--set", (string?)s.Experiment.Id)));
            foreach (var (option, scope) in scopes.Where(s => s.Item2 is not null && chosen.All(e => e.Id != s.Item2)))
            {
                result.AddError($"{option}: '{scope}' is not an experiment of this sweep ({string.Join(", ", chosen.Select(e => e.Id))}).");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        var chosen = ExperimentChoice.Chosen(parse.GetValue(Experiments), parse.GetValue(Files) ?? []);
        var settings = parse.GetValue(Set) ?? [];
        return request with
        {
            Experiments = chosen,
            Parameters = chosen.ToDictionary(e => e.Id, e => (IReadOnlyDictionary<string, string>)e.Parameters.ToDictionary(
                p => p.Name,
                    p => settings.LastOrDefault(s => s.Experiment.Id == e.Id && s.Parameter.Name == p.Name)?.Value ?? p.Default)),
        };
    }
}
