using System.CommandLine;
using System.Globalization;

namespace AsyncCapacity.Cli.Options;

internal sealed class ProfileOptionGroup : IOptionGroup
{
    public Option<string> Profile { get; } = ProfileOption();

    public Option<double?> Warmup { get; } = Seconds("--warmup",
        "Warm-up seconds per step, excluded from statistics [default: the profile's].", minimum: 0);

    public Option<double?> StepSeconds { get; } = Seconds("--step-seconds",
        "Measured seconds per step [default: the profile's]; keep it longer than the SLA's p95, or clients still waiting go uncounted.",
        minimum: 1);

    public Option<double?> Cooldown { get; } = Seconds("--cooldown",
        $"Idle seconds between steps [default: 0 with a fresh app per step; {SweepRequest.DefaultTargetCooldownSeconds} "
            + $"with --target, so idle pool threads (~20 s) retire].",
        minimum: 0);

    public void AddTo(Command command, SweepOptionGroups all)
    {
        foreach (var option in (Option[])[Profile, Warmup, StepSeconds, Cooldown])
        {
            command.Options.Add(option);
        }
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        var profile = SweepProfile.Find(parse.GetValue(Profile)!);
        return request with
        {
            Profile = profile,
            WarmupSeconds = parse.GetValue(Warmup) ?? profile.WarmupSeconds,
            StepSeconds = parse.GetValue(StepSeconds) ?? profile.StepSeconds,
            CooldownSeconds = parse.GetValue(Cooldown)
                ?? (parse.GetValue(all.App.Target) is null ? 0 : SweepRequest.DefaultTargetCooldownSeconds),
        };
    }

    private static Option<string> ProfileOption()
    {
        var option = new Option<string>("--profile", "-p")
        {
            // From the profiles themselves, so that --help cannot drift from what a probe lasts.
            Description = $"quick: {Probe(SweepProfile.Quick)}, a first look; "
                + $"standard: {Probe(SweepProfile.Standard)}, figures to quote (the deciding loads repeated).",
            DefaultValueFactory = _ => SweepProfile.Standard.Name,
        };
        option.AcceptOnlyFromAmong([.. SweepProfile.All.Select(p => p.Name)]);
        return option;
    }

    private static string Probe(SweepProfile profile) =>
        string.Create(CultureInfo.InvariantCulture,
            $"{profile.WarmupSeconds:0.#} s warm-up + {profile.StepSeconds:0.#} s measured per probe");

    private static Option<double?> Seconds(string name, string description, double minimum) => new(name)
    {
        Description = description,
        Validators =
        {
            result =>
            {
                if (result.GetValueOrDefault<double?>() is { } value && !(value >= minimum && double.IsFinite(value)))
                {
                    result.AddError(string.Create(CultureInfo.InvariantCulture,
                        $"{name} must be at least {minimum} seconds; got {value}."));
                }
            },
        },
    };
}
