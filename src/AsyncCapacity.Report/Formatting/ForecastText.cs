using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Each held load's catch-up beside its forecast (the pool simulated by the runtime's rules), and where they part by more
/// than the tolerance, what broke, with its figures: "44 clients: caught up at 70 s, forecast at 101 s–110 s in 5 of 10 simulated
/// runs: the pool grew faster (0.63 threads/s) than the runtime's rules grew it in the simulation". Runs recorded before the
/// simulation keep the injection laws' words ("forecast 12.5 s at the earliest by hill climbing") until `capacity forecast
/// --refresh` writes their forecasts again.</summary>
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

        var predicted = Predicted(forecast, sustained.HorizonSeconds)
            + (forecast is { Ceiling: null, CaughtUpAt: null, Simulated: null } ? " either" : "");
        var ofMedian = forecast.Simulated is null ? "" : " of the median";
        var error = forecast.ErrorPercent is { } percent ? $" ({Error(percent)}{ofMedian})" : "";
        var broke = forecast.Broke is { } miss ? $": {Broke(miss, forecast)}" : forecast.ErrorPercent is null ? "" : ", as forecast";
        var by = forecast.Simulated is null || forecast.Ceiling is not null ? $" by {Mechanism(forecast.By)}" : "";
        return $"{load}: {measured}, forecast {predicted}{by}{error}{broke}.";
    }

    /// <summary>When the forecast says the load is caught up with: "never, the connection pool caps it", "at 40 s–70 s in 9 of 10
    /// simulated runs", "never within 2 min in 10 of 10 simulated runs"; in runs recorded before the simulation, the laws' "12.5 s
    /// at the earliest" (hill climbing's pace only bounded), "12.5 s", "not within 2 min".</summary>
    public static string Predicted(CatchUpForecast forecast, double horizonSeconds) => forecast switch
    {
        { Ceiling: { } ceiling } => $"never, {ceiling.Name} caps it",
        { Simulated: { } band } => Simulated(band, horizonSeconds),
        { CaughtUpAt: { } seconds, Earliest: true } => $"{Format.Seconds(seconds)} at the earliest",
        { CaughtUpAt: { } seconds } => Format.Seconds(seconds),
        _ => $"not within {Format.Seconds(horizonSeconds)}",
    };

    /// <summary>A simulated catch-up, wherever one is said (a held load, the forecast check's table): "at 40 s–70 s in 9 of 10
    /// simulated runs", "at 14 s in 10 of 10 simulated runs", "never within 2 min in 10 of 10 simulated runs".</summary>
    public static string Simulated(CatchUpBand band, double horizonSeconds) => band.CaughtUp == 0
        ? $"never within {Format.Seconds(horizonSeconds)} in {band.Runs} of {band.Runs} simulated runs"
        : $"{When(band)} in {band.CaughtUp} of {band.Runs} simulated runs";

    /// <summary>"at 40 s–70 s", or "at 14 s" where the runs agree.</summary>
    private static string When(CatchUpBand band) => band.Low == band.High
        ? $"at {Format.Seconds(band.Median!.Value)}"
        : $"at {Format.Seconds(band.Low!.Value)}–{Format.Seconds(band.High!.Value)}";

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
        if (forecast.Simulated is not null && miss.Kind is ForecastMissKind.GrewFaster or ForecastMissKind.GrewSlower
            or ForecastMissKind.HillClimbingSlower)
        {
            // The simulation runs every rule at once: what parted is the measured pool from the simulated one.
            var way = miss.Kind == ForecastMissKind.GrewFaster ? "faster" : "slower";
            return miss.GrowthPerSecond <= 0
                ? "the pool added no thread while the load was behind, where the runtime's rules grew it in the simulation"
                : $"the pool grew {way}{(rate is null ? "" : $" ({rate})")} than the runtime's rules grew it in the simulation";
        }

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
