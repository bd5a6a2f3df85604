using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>
/// After a variant's search (--demand): the app's CPU per request read at fixed loads well below its saturation, each one window
/// on a fresh app, rather than off the search's probes, which climb to the knee and beyond. Each load is a fraction of the most the
/// variant could take: what its own CPU line allows (the search's probes), or what it served under k6 if that was less.
/// Those probes, not the search's, then give D and the app alone's X_max (<see cref="Analysis.CapacityLimits"/>).
/// </summary>
/// <remarks>
/// The loads keep the sweep's model: in the open model a rate, in the closed one the clients that send it (rate × the lightest
/// load's response time, Little's law). The app's CPU per request depends on how the load arrives: 600 req/s from k6's open model
/// (1,800 clients allocated, each sending every 3 s) cost sleep async 2.5× the CPU of 600 req/s from 300 closed-loop clients
/// (2 cores, 2026-11-29). Sessions (WebSocket, C10k) keep the search's probes: a session's messages are no arrival rate.
/// </remarks>
public sealed class DemandPhase : IVariantPhase
{
    /// <summary>About 30–60% of the maximum, where the app is busy enough that its idle work is small beside its demand and far
    /// enough from saturation that no queue forms; four loads leave the slope two degrees of freedom.</summary>
    public static IReadOnlyList<double> Fractions { get; } = [0.3, 0.4, 0.5, 0.6];

    public string Name => "demand";

    public ProbeOrder? NextOrder(PhaseState state)
    {
        var search = state.Search.Select(a => a.Measured.Result).ToList();
        var loads = Loads(state.Plan, search, RunResources.Of(state.Run));
        if (state.Done.Count >= loads.Count)
        {
            return null;
        }

        var load = loads[state.Done.Count];
        return new ProbeOrder(state.Plan, state.Variant, load.Load, state.Plan.Timing.WindowSeconds, 1, state.Number,
            new DemandProbe(load.Fraction, load.Rps));
    }

    public VariantResult Complete(VariantResult variant, PhaseState state) => state.Done.Count == 0
        ? variant
        : variant with { DemandSteps = [.. state.Done.Select(a => a.Measured.Result)] };

    /// <summary>The loads (rates, or clients), each with its fraction of the top and the rate it aims at; none for sessions, where the
    /// search served nothing to start from, or where fewer than three distinct loads fit below the top.</summary>
    public static IReadOnlyList<DemandLoad> Loads(ExperimentPlan plan, IReadOnlyList<StepResult> search, RunResources app)
    {
        if (!plan.Terms.Kind.ArrivesAtRate || Top(search, app) is not { } top)
        {
            return [];
        }

        var perRequest = plan.Terms.Model.IsOpen
            ? 1
            : ServiceDemand.ResponseSeconds(search, plan.Declaration.IdealRpsPerClient(plan.Parameters));
        if (perRequest is not > 0)
        {
            return [];
        }

        var loads = Fractions.Select(f => new DemandLoad(f, f * top, (int)Math.Round(f * top * perRequest.Value)))
            .Where(l => l.Load >= 1).DistinctBy(l => l.Load).ToList();
        return loads.Count >= 3 ? loads : [];
    }

    /// <summary>The app's own maximum, (C − idle) ÷ D, or a busy probe's U ÷ X without a line; capped by the most it was seen to
    /// serve, so that no load beyond what k6 could send or a pool could take is asked for.</summary>
    public static double? Top(IReadOnlyList<StepResult> search, RunResources app)
    {
        var served = search.Where(s => !s.Failed && s.Requests > 0 && s.DurationSeconds > 0).ToList();
        if (served.Count == 0)
        {
            return null;
        }

        var reach = served.Max(s => s.Requests / s.DurationSeconds);
        double? own = ServiceDemand.CpuLineOf(served, app.AppCores) is { } line && line.IdleCores < app.Cpus
            ? (app.Cpus - line.IdleCores) / line.Seconds
            : ServiceDemand.CpuSeconds(served, app.AppCores) is { Seconds: > 0 } demand ? app.Cpus / demand.Seconds : null;
        return own is { } most ? Math.Min(most, reach) : reach;
    }
}

/// <param name="Load">Req/s in the open model, clients in the closed one.</param>
public sealed record DemandLoad(double Fraction, double Rps, int Load);
