using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

/// <summary>The rules that span --model, --steps, --rates and the experiments: each names what to type instead.</summary>
internal static class LoadModelRules
{
    public static void Check(CommandResult result, LoadModelOptionGroup group, IReadOnlyList<Experiment> chosen)
    {
        var open = Valid(result, group.Model)?.IsOpen == true;
        var givenRates = Valid(result, group.Rates) ?? [];
        if (!open && givenRates.Length > 0)
        {
            result.AddError("--rates are arrival rates for the open model: add --model open, or give clients with --steps.");
        }

        if (open && chosen.FirstOrDefault(e => !e.Load.ArrivesAtRate) is { } session)
        {
            result.AddError($"--model open offers requests at a fixed rate; "
                + $"{session.Id} is a {session.Load.Name} experiment whose clients hold a session each: "
                + $"leave it out (-e) or sweep it closed.");
        }

        if (open && (Valid(result, group.Steps) ?? []).Length > 0)
        {
            result.AddError("--steps are clients, for the closed model; the open model takes arrival rates: --rates 10,50,100.");
        }

        if (open && givenRates.All(r => r.Experiment is not null)
            && chosen.FirstOrDefault(e => givenRates.All(r => r.Experiment != e.Id)) is { } unrated)
        {
            result.AddError($"--model open needs arrival rates for every experiment: "
                + $"--rates 10,50,100 for all, or --rates {unrated.Id}=10,50 (none for {unrated.Id}).");
        }
    }
}
