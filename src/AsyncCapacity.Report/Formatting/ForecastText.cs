using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Each held load's catch-up beside what the injection laws forecast for it, and where they part by more than the
/// tolerance, the assumption the held load broke, with its figures: "44 clients: caught up at 70 s, forecast 12.5 s at the earliest
/// (+460%): hill climbing added 0.63 threads/s, short of its most, 4/s".</summary>
public static class ForecastText
{
    public static string Hold(SustainedHold hold, Sustained sustained, LoadModel model)
    {
        var load = model.Load(hold.Concurrency);
        if (hold.EndedBy == HoldEnd.Failed)
        {
            return $"{load}: not measured ({FlagText.WhyFailed(hold)}).";
        }

        var within = Format.Seconds(sustained.HorizonSeconds);
        var measured = hold.CaughtUpAt is { } at ? $"caught up at {Format.Seconds(at)}" : $"not caught up within {within}";
        if (hold.Forecast is not { } forecast)
        {
            return $"{load}: {measured}.";
        }

        var predicted = Predicted(forecast, sustained.HorizonSeconds) + (forecast is { Ceiling: null, CaughtUpAt: null } ? " either" : "");
        var error = forecast.ErrorPercent is { } percent ? $" ({Error(percent)})" : "";
        var broke = forecast.Broke is { } miss ? $": {Broke(miss, forecast)}" : forecast.ErrorPercent is null ? "" : ", as forecast";
        return $"{load}: {measured}, forecast {predicted} by {Mechanism(forecast.By)}{error}{broke}.";
    }

    /// <summary>When the laws say the load is caught up with: "never, the connection pool caps it", "12.5 s at the earliest" (hill
    /// climbing's pace is only bounded), "12.5 s", "not within 2 min".</summary>
    public static string Predicted(CatchUpForecast forecast, double horizonSeconds) => forecast switch
    {
        { Ceiling: { } ceiling } => $"never, {ceiling.Name} caps it",
        { CaughtUpAt: { } seconds, Earliest: true } => $"{Format.Seconds(seconds)} at the earliest",
        { CaughtUpAt: { } seconds } => Format.Seconds(seconds),
        _ => $"not within {Format.Seconds(horizonSeconds)}",
    };

    /// <summary>"+460%", "−4%", "0%" (a rounded −0 too).</summary>
    public static string Error(double percent) => Math.Round(percent) switch
    {
        0 => "0%",
        > 0 => $"+{Format.Number(Math.Round(percent))}%",
        _ => $"−{Format.Number(Math.Abs(Math.Round(percent)))}%",
    };

    public static string Mechanism(PoolInjection by) => by switch
    {
        PoolInjection.CooperativeBlocking => "cooperative blocking",
        PoolInjection.Starvation => "starvation injection",
        _ => "hill climbing",
    };

    /// <summary>The assumption the held load broke, in the words of the mechanism it names, with what the held load measured.</summary>
    public static string Broke(ForecastMiss miss, CatchUpForecast forecast)
    {
        var rate = miss.GrowthPerSecond is { } g ? $"{Format.Number(g)} threads/s" : null;
        return miss.Kind switch
        {
            ForecastMissKind.HillClimbingSlower => rate is null || miss.GrowthPerSecond <= 0
                ? "hill climbing added no thread while the load was behind"
                : $"hill climbing added {rate}, short of its most, {Lab.Laws.HillClimbing.MaxChangePerSecond}/s",
            ForecastMissKind.GrewFaster => $"the pool grew faster{(rate is null ? "" : $" ({rate})")} than {Mechanism(forecast.By)} allows",
            ForecastMissKind.OtherThreadsNeeded => miss.ThreadsAtCatchUp is { } threads
                ? $"it caught up with {Format.Count(threads)} threads where the forecast counted {Format.Count(forecast.ThreadsNeeded)}"
                : $"it needed other threads than the {Format.Count(forecast.ThreadsNeeded)} the forecast counted",
            ForecastMissKind.GrewSlower => $"the pool grew slower{(rate is null ? "" : $" ({rate})")} than cooperative blocking's delays "
                + "allow (memory pressure or a busy CPU turns it off)",
            ForecastMissKind.ServedLater => $"the pool held the {Format.Count(forecast.ThreadsNeeded)} threads "
                + (miss.ThreadsReadyAt is { } ready ? $"by {Format.Seconds(ready)}" : "on time")
                + ", yet the load was met later: something beside the pool held it back",
            ForecastMissKind.CapHigher => "it caught up beyond the cap the laws counted"
                + (forecast.Ceiling is { } c ? $" ({c.Name})" : "") + ": the resource allowed more than its units say",
            _ => throw new ArgumentOutOfRangeException(nameof(miss), miss.Kind, "no words for this kind of miss"),
        };
    }
}
