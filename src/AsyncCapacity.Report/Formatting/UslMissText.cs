using AsyncCapacity.Lab.Results;
using static System.FormattableString;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Why there is no USL fit, or why it does not fit, in words.</summary>
public static class UslMissText
{
    public static string? Of(UslMiss? why) => why?.Kind switch
    {
        null => null,
        UslMissKind.TooFewLoads when why.LeftOut is { } k6 =>
            Invariant($"too few loads to fit: {why.Points} where k6 kept up ({k6} left out, k6 short of CPU there), {why.Needed} needed"),
        UslMissKind.TooFewLoads => Invariant($"too few loads to fit: {why.Points}, {why.Needed} needed"),
        UslMissKind.DidNotConverge => $"the fit did not converge ({why.Text})",
        UslMissKind.BendsSharply => "the curve bends more sharply than contention and coherency explain: "
            + "a hard limit (threads, a pool, a queue), not contention",
        _ => why.Text,
    };
}
