using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A held load as results.json keeps it: its seconds, when it was caught up with, what holding it cost, and the forecast
/// the laws made for it read against the measurement.</summary>
public static class HoldReading
{
    public static SustainedHold Of(int load, IReadOnlyList<HeldSecond> seconds, HoldTerms terms, CatchUpForecast? forecast)
    {
        var catchUp = CatchUpFinder.Find(seconds, terms);
        var confirmed = catchUp.Confirmed(terms.ConfirmSeconds);
        var at = confirmed ? catchUp.At : null;
        // What serving it cost once caught up (or what holding it cost by the end): the app as the held load ended.
        var costAt = seconds.LastOrDefault(s => s.PoolThreads is not null);
        var hold = new SustainedHold(load, seconds.Count == 0 ? 0 : seconds.Max(s => s.Second) + 1, at,
            confirmed ? HoldEnd.CaughtUp : HoldEnd.Horizon, seconds)
        {
            Cost = costAt is null ? null : new HoldCost(costAt.PoolThreads, costAt.WorkingSetMb, costAt.CpuPercent),
        };
        return forecast is null ? hold : hold with { Forecast = ForecastCheck.Read(forecast, hold) };
    }

    public static SustainedHold Failed(int load, StepFlag why) => new(load, 0, null, HoldEnd.Failed, []) { Failure = why };
}
