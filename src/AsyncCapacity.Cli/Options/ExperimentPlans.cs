using AsyncCapacity.Contracts.Gauges;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Options;

/// <summary>Each experiment's plan, resolved once from the request: steps and SLA default to its declaration and the command line
/// overrides them for all or for one; no load goes beyond what k6 and the app can open sockets for. --sustain and --sustain-at are
/// read here only: the sweep, its plan's text and its time read them from the plan.</summary>
internal static class ExperimentPlans
{
    /// <param name="openFiles">The sweep's soft limit of open files (`ulimit -n`), which k6 and the app inherit; null: unknown.</param>
    public static RunPlan Of(SweepRequest request, long? openFiles)
    {
        var timing = new ProbeTiming(request.WarmupSeconds, request.StepSeconds, request.TailSeconds,
            request.Target is null ? SweepRequest.ProbeStartSeconds : request.CooldownSeconds);
        return new RunPlan([.. request.Experiments.Select(e => Of(request, e, timing, openFiles))], timing);
    }

    /// <summary>A client is a socket in k6 and one in the app: what the limit leaves after each process's own files (a twentieth, at
    /// least 100: its libraries, logs, pipes and listeners), in whole hundreds.</summary>
    public static int? ClientsWithin(long? openFiles) => openFiles is { } files
        ? (int)Math.Max(1, Math.Min(int.MaxValue, (files - Math.Max(100, files / 20)) / 100 * 100))
        : null;

    private static ExperimentPlan Of(SweepRequest request, Experiment experiment, ProbeTiming timing, long? openFiles)
    {
        var cap = !request.Model.IsOpen && ClientsWithin(openFiles) is { } clients && clients < LoadModelOptionGroup.MaxConcurrency
            ? new LoadCap(clients, openFiles!.Value)
            : null;
        int Capped(int load) => cap is null ? load : Math.Min(load, cap.Load);
        var plotted = Plotted(request, experiment) with { Headline = experiment.Headline is { } headline ? Capped(headline) : null };
        var sla = Sla(request, experiment);
        var search = new SearchPolicy
        {
            Coarse = [.. (Scoped<int[]>.For(request.StepOverrides, experiment)?.Value ?? experiment.Steps).Select(Capped).Distinct()],
            Refine = request.Search,
            Ceiling = cap?.Load ?? LoadModelOptionGroup.MaxConcurrency,
            MaxSearchProbes = Scoped<int>.For(request.ProbeOverrides, experiment)?.Value ?? SearchPolicy.DefaultSearchProbes,
            Headline = request.Model.IsOpen ? null : plotted.Headline,
            WindowSeconds = request.StepSeconds,
            IdealRpsPerClient = request.Model.IsOpen ? null : experiment.IdealRpsPerClient(request.Parameters[experiment.Id]),
        };
        var sustain = request.SustainSeconds is { } horizon
            ? new SustainPlan(horizon, Scoped<int[]>.For(request.SustainAt, experiment)?.Value)
            : null;
        return new ExperimentPlan(plotted, request.Parameters[experiment.Id],
            ExperimentTerms.Of(plotted, sla, request.Model, request.Isolation, request.AppCpus), search, timing, cap, sustain);
    }

    private static Experiment Plotted(SweepRequest request, Experiment experiment) => request.RequestQueue is null
        || experiment.Gauges?.Contains(GaugeCatalog.RequestQueue.Id) == true
        ? experiment
        : experiment with { Gauges = [.. experiment.Gauges ?? [], GaugeCatalog.RequestQueue.Id] };

    private static Sla Sla(SweepRequest request, Experiment experiment)
    {
        var declared = experiment.Sla.ToSla();
        return new Sla(
            Scoped<double>.For(request.SlaP95Overrides, experiment)?.Value ?? declared.P95Ms,
            Scoped<double>.For(request.SlaErrorOverrides, experiment) is { } errors ? errors.Value / 100 : declared.MaxErrorRate);
    }
}
