using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>
/// After a variant's search (--demand): the app's CPU per request read at fixed arrival rates well below its saturation, each one
/// window on a fresh app, rather than off the search's probes, which climb to the knee and beyond. A closed loop cannot hold a
/// CPU-bound handler at a fraction of its CPU (clients with no think time keep it busy from two on), so the rates are offered in
/// the open model whatever the sweep's. Each is a fraction of the most the variant could take: what its own CPU line allows (the
/// search's probes), or what it served under k6 if that was less. Those probes then give D and the app alone's X_max
/// (<see cref="Analysis.CapacityLimits"/>).
/// </summary>
/// <remarks>
/// Each warms up for longer than a search probe, so that every client k6's open model allocates (one per arrival that may wait
/// 3 × the SLA's p95) has connected and the app has compiled its path: neither is a request's CPU. D read this way is the open
/// model's: spread evenly in time, the same 500 ms requests cost sleep async under 0.25 CPU about 0.20 CPU at 500 req/s offered
/// (80–86% of its quota, with 1,502 or 502 clients allocated alike), against about 0.14 CPU from 250 closed-loop clients,
/// whose requests the timer releases in batches; without a quota, 2.5× at 600 req/s (2 cores, 2026-11-29). A closed sweep's
/// knee can therefore lie above the app alone read from them. Sessions (WebSocket, C10k) keep the search's probes: a session's
/// messages are no arrival rate.
/// </remarks>
public sealed class DemandPhase : IVariantPhase
{
    /// <summary>About 30–60% of the maximum, where the app is busy enough that its idle work is small beside its demand and far
    /// enough from saturation that no queue forms; four rates leave the slope two degrees of freedom.</summary>
    public static IReadOnlyList<double> Fractions { get; } = [0.3, 0.4, 0.5, 0.6];

    public const double MinimumWarmupSeconds = 10;

    public string Name => "demand";

    public ProbeOrder? NextOrder(PhaseState state)
    {
        var rates = Rates(state.Plan, state.Search.Select(a => a.Measured.Result).ToList(), RunResources.Of(state.Run));
        if (state.Done.Count >= rates.Count)
        {
            return null;
        }

        var (fraction, rate) = rates[state.Done.Count];
        return new ProbeOrder(state.Plan, state.Variant, rate, state.Plan.Timing.WindowSeconds, 1, state.Number,
            new DemandProbe(fraction, WarmupSeconds(state.Plan)));
    }

    public VariantResult Complete(VariantResult variant, PhaseState state) => state.Done.Count == 0
        ? variant
        : variant with { DemandSteps = [.. state.Done.Select(a => a.Measured.Result)] };

    /// <summary>The search's warm-up, and twice the time k6's open-model clients may wait for their answers: by then each has
    /// connected and the app has compiled its path.</summary>
    public static double WarmupSeconds(ExperimentPlan plan) =>
        Math.Max(MinimumWarmupSeconds, plan.Timing.WarmupSeconds + (2 * Math.Max(1, 3 * Milliseconds.ToSeconds(plan.Sla.P95Ms))));

    /// <summary>The rates in req/s, each with its fraction of the top; none for sessions, where the search served nothing to
    /// start from, or where fewer than three distinct rates fit below the top.</summary>
    public static IReadOnlyList<(double Fraction, int Rate)> Rates(ExperimentPlan plan, IReadOnlyList<StepResult> search, RunResources app)
    {
        if (!plan.Terms.Kind.ArrivesAtRate || Top(search, app) is not { } top)
        {
            return [];
        }

        var rates = Fractions.Select(f => (Fraction: f, Rate: (int)Math.Round(f * top))).Where(r => r.Rate >= 1).DistinctBy(r => r.Rate)
            .ToList();
        return rates.Count >= 3 ? rates : [];
    }

    /// <summary>The app's own maximum, (C − idle) ÷ D, or a busy probe's U ÷ X without a line; capped by the most it was seen to
    /// serve, so that no rate beyond what k6 could send or a pool could take is asked for.</summary>
    public static double? Top(IReadOnlyList<StepResult> search, RunResources app)
    {
        var served = search.Where(s => !s.Failed && s.Requests > 0 && s.DurationSeconds > 0).ToList();
        if (served.Count == 0)
        {
            return null;
        }

        var reach = served.Max(s => s.Requests / s.DurationSeconds);
        var own = ServiceDemand.CpuLineOf(served, app.AppCores)?.MaxRps(app.Cpus)
            ?? (ServiceDemand.CpuSeconds(served, app.AppCores) is { Seconds: > 0 } demand ? app.Cpus / demand.Seconds : null);
        return own is { } most ? Math.Min(most, reach) : reach;
    }
}
