using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.Text.RegularExpressions;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

/// <summary>The capacity over time (--sustain): after each variant's knee, loads held on fresh apps up to a horizon.</summary>
internal sealed partial class SustainOptionGroup : IOptionGroup
{
    public const double DefaultHorizonSeconds = 120;

    public Option<string?> Sustain { get; } = new("--sustain")
    {
        Description = "After each variant's knee, hold loads on a fresh app for up to this long (90s, 2m; 10 s to 30 min) and "
            + "read, second by second, when each is caught up with: a blocking variant's capacity over time (loads chosen by "
            + "the pool's injection laws from twice its knee, at most 4), an awaiting one's flat line (its knee, once). A load "
            + "ends as soon as it has met the SLA for 10 s straight [default: off; given alone: 2m].",
        Arity = ArgumentArity.ZeroOrOne,
        Validators = { CheckHorizon },
    };

    public Option<Scoped<int[]>[]> SustainAt { get; } = new("--sustain-at")
    {
        Description = "The loads to hold instead of the laws' choice, for all experiments (100) or one (sleep=100: a burst "
            + "benchmark's 100 clients, held); implies --sustain.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int[]>.ParseAll(result,
            $"a comma-separated list of clients from 1 to {LoadModelOptionGroup.MaxConcurrency}, e.g. 100",
            LoadModelOptionGroup.ParseSteps),
    };

    public IEnumerable<(string Option, string? Experiment)> Scopes(CommandResult result) =>
        (Valid(result, SustainAt) ?? []).Select(s => ("--sustain-at", s.Experiment));

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(Sustain);
        command.Options.Add(SustainAt);
        command.Validators.Add(result =>
        {
            if (!Asked(result))
            {
                return;
            }

            if (all.App.External(result))
            {
                result.AddError("--sustain holds loads on a cold app, a fresh one per load; with --target the app is yours and "
                    + "already warm. Use --app or --app-project to let the sweep start it.");
            }

            if (Valid(result, all.LoadModel.Model) is { IsOpen: true })
            {
                result.AddError("--sustain holds a number of clients (the closed model); drop --model open.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        var given = parse.GetResult(Sustain) is not null;
        var loads = parse.GetValue(SustainAt) ?? [];
        return given || loads.Length > 0
            ? request with { SustainSeconds = Seconds(parse.GetValue(Sustain)) ?? DefaultHorizonSeconds, SustainAt = loads }
            : request;
    }

    private bool Asked(CommandResult result) =>
        result.GetResult(Sustain) is not null || (Valid(result, SustainAt) ?? []).Length > 0;

    private static void CheckHorizon(OptionResult result)
    {
        var raw = result.Tokens.Count > 0 ? result.Tokens[^1].Value : null;
        if (raw is not null && Seconds(raw) is not (>= 10 and <= 1800))
        {
            result.AddError($"--sustain takes a duration from 10s to 30m, such as 90s or 2m; got '{raw}'.");
        }
    }

    /// <summary>"90s", "2m", "120" (seconds); null for anything else.</summary>
    internal static double? Seconds(string? raw)
    {
        if (raw is null || DurationPattern().Match(raw.Trim()) is not { Success: true } match)
        {
            return null;
        }

        var value = double.Parse(match.Groups["value"].Value, CultureInfo.InvariantCulture);
        return match.Groups["unit"].Value == "m" ? value * 60 : value;
    }

    [GeneratedRegex("^(?<value>[0-9]+(\\.[0-9]+)?)(?<unit>s|m)?$")]
    private static partial Regex DurationPattern();
}
