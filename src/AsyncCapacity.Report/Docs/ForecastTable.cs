using System.Globalization;
using System.Text;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>The forecast beside what was measured, one row per held load (`capacity forecast --check`, and the
/// <c>&lt;!-- forecasts: runs/NAME.json --&gt;</c> block of docs/findings.md rendered from its record).</summary>
public static class ForecastTable
{
    public static string Of(ForecastChecks checks)
    {
        var text = new StringBuilder();
        if (checks.Command is { } command)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"Recorded{(checks.On is { } on ? $" {on:yyyy-MM-dd}" : "")}: `{command}`.");
            text.AppendLine();
        }

        text.AppendLine("| run | variant | held | caught up | forecast (10th–90th percentile of the runs that caught up) "
            + "| threads inside the band |");
        text.AppendLine("|---|---|---|---|---|---|");
        foreach (var held in checks.Holds)
        {
            var check = held.Check;
            var measured = check.MeasuredAt is { } at ? $"at {Format.Seconds(at)}" : $"never within {Format.Seconds(held.HeldSeconds)}";
            var forecast = ForecastText.Simulated(check.Forecast, held.HeldSeconds) + (check.CatchUpHolds ? "" : " (missed)");
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {held.Run} | {held.Experiment} {held.Variant} | {Format.Count(check.Load)} | {measured} | {forecast} "
                + $"| {Format.Fraction(check.Coverage)} of {check.Seconds} s |");
        }

        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture,
            $"{checks.Holding} of {checks.Holds.Count} held loads hold (the catch-up in the band or within "
            + $"{Format.Fraction(BandCheck.Tolerance)} of its median, and the threads inside it for at least "
            + $"{Format.Fraction(BandCheck.LeastCoverage)} of the seconds); {checks.Runs} simulated runs each.");
        return text.ToString();
    }
}
