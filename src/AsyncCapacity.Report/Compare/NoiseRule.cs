using System.Globalization;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Report.Compare;

/// <summary>How a difference between two runs' figures reads: a change, within noise, or not to be judged.</summary>
public enum ChangeKind
{
    /// <summary>Beyond the noise threshold, both steps unflagged: a change worth its name.</summary>
    Change,

    /// <summary>Within ±threshold: the same figure, as far as these runs can tell.</summary>
    Noise,

    /// <summary>A step flagged in either run (not steady, the load generator short of CPU): shown, not judged.</summary>
    Untrusted,
}

/// <summary>A figure of a later run against the baseline's: the signed relative change and how to read it.</summary>
public sealed record Change(double Relative, ChangeKind Kind)
{
    /// <summary>"+12%", "−8% ~" (within noise), "+40% ?" (flagged step), "from 0" (nothing completed in the baseline).</summary>
    public string Text => Kind switch
    {
        _ when double.IsPositiveInfinity(Relative) => "from 0" + (Kind == ChangeKind.Untrusted ? " ?" : string.Empty),
        ChangeKind.Noise => $"{Percent(Relative)} ~",
        ChangeKind.Untrusted => $"{Percent(Relative)} ?",
        _ => Percent(Relative),
    };

    /// <summary>"+12%", "−8%", "+0.4%".</summary>
    public static string Percent(double relative) =>
        (relative >= 0 ? "+" : "−")
            + Math.Abs(relative * 100).ToString(relative is > -0.1 and < 0.1 ? "0.#" : "0", CultureInfo.InvariantCulture) + "%";
}

/// <summary>
/// When a difference is called a change. Repeated runs of one step on this project's shared 2-core machines agree within
/// a few percent on a steady step, but the machine's speed drifts by up to 30% over hours; a sweep's steps are each
/// measured once. So the rule is a stated threshold: a relative change under it is noise, and a step either run
/// flagged is never judged. The threshold is a parameter (`capacity compare --noise-percent`), printed with the result.
/// </summary>
public sealed record NoiseRule(double ThresholdPercent)
{
    public const double DefaultPercent = 10;

    public string Description => string.Create(CultureInfo.InvariantCulture,
        $"a step's change within ±{ThresholdPercent:0.#}% is noise (~), "
            + $"and a step flagged in either run is shown but not judged (?): a shared machine drifts; ")
        + $"a capacity changed only where the knees' ratio is beyond ±{ThresholdPercent:0.#}% with "
        + $"{KneeChange.Level * 100:0}% confidence (its interval, from both runs' probes, wholly outside that band)";

    /// <summary>The change from baseline to other; null when either figure is missing (no request completed).</summary>
    public Change? Judge(double? baseline, double? other, bool trusted)
    {
        if (baseline is not { } from || other is not { } to)
        {
            return null;
        }

        var relative = from == 0 ? (to == 0 ? 0 : double.PositiveInfinity) : (to - from) / from;
        var kind = !trusted ? ChangeKind.Untrusted : Math.Abs(relative) * 100 < ThresholdPercent ? ChangeKind.Noise : ChangeKind.Change;
        return new Change(relative, kind);
    }
}
