using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The laws' prediction and the measurement's reading in words, once for the CLI, the cards, compare and the charts.</summary>
public static class PredictionText
{
    /// <summary>"pool threads: 2 threads (the pool's minimum) ÷ 500 ms each = 4.0 req/s".</summary>
    public static string Bound(ResourceBound bound, string rateUnit)
    {
        // A CPU quota is fractional (0.25 cores); every other resource comes in whole units.
        var units = $"{(bound.IsCpu ? Format.Number(bound.Units) : Format.Count(bound.Units))} {bound.Resource.Noun(bound.Units)}";
        var name = BoundText.Name(bound);
        return bound switch
        {
            { IsCpu: true, HoldMs: { } cpuMs } =>
                $"{name}: {units} ÷ {Format.Duration(cpuMs)} of CPU per request = {Format.Rps(bound.MaxRps)} {rateUnit}",
            { Resource: var kind } when kind == ResourceKind.AuditAdmission =>
                $"{name}: {Format.Count(bound.Units)} entries at once ({BoundText.From(bound)}), beyond them 503",
            { HoldMs: { } holdMs } =>
                $"{name}: {units} ({BoundText.From(bound)}) ÷ {Format.Duration(holdMs)} each = {Format.Rps(bound.MaxRps)} {rateUnit}",
            _ => $"{name}: one per connected client, {units} ({BoundText.From(bound)})",
        };
    }

    /// <summary>"2–3 clients (pool threads)", "≈ 1,846–5,531 clients (the machine's CPU …)".</summary>
    public static string Brief(Prediction prediction, LoadModel model) =>
        $"{Predicted(prediction, model)} ({BoundText.Name(prediction.Binding)}{Measured(prediction)})";

    /// <summary>", 1.9 per request, measured, not declared": where the threads' bound came from the stacks.</summary>
    public static string Measured(Prediction prediction) => prediction.MeasuredThreadsPerRequest is { } perRequest
        && prediction.Binding.Resource == ResourceKind.Threads
            ? $", {Format.Number(perRequest)} {(perRequest == 1 ? "thread" : "threads")} per request, measured, not declared" : "";

    /// <summary>The predicted range: "2–3 clients", "200 clients", "≈ 1,846–5,531 clients" (a CPU's bound is rougher).</summary>
    public static string Predicted(Prediction prediction, LoadModel model) =>
        Approx(prediction) + Range(prediction.Load, prediction.MeanLoad, model);

    /// <summary>
    /// "as predicted (+0%)", "below the prediction (−64% of 4)": the measurement against the prediction, then against
    /// the grown pool where pool threads bind and it grows ("above the prediction (+150% of 2); the grown pool's 4–5: +0%").
    /// </summary>
    public static string Outcome(Prediction prediction, Capacity? capacity)
    {
        var outcome = prediction.Outcome switch
        {
            PredictionOutcome.AsPredicted => AsPredicted(prediction),
            PredictionOutcome.Below => "below the prediction" + Error(prediction),
            PredictionOutcome.Above => "above the prediction" + Error(prediction),
            _ => "a lower bound: " + StoppedFirst(capacity),
        };
        // Where the pool does not grow within a probe its range is the static one: said once.
        return prediction.Grown is { ErrorPercent: { } error } grown && (grown.Low, grown.High) != (prediction.Load, prediction.MeanLoad)
            ? $"{outcome}; the grown pool's {Range(grown.Low, grown.High)}: {Signed(error)}" : outcome;
    }

    /// <summary>Why the search stopped below the prediction: the load generator, or loads the run was not given.</summary>
    private static string StoppedFirst(Capacity? capacity) => capacity?.AtLeastBecause switch
    {
        StoppedBy.HighestStep => "the highest load tested was below it",
        StoppedBy.LoadGenerator => "the load generator stopped first",
        _ => "the search stopped first",
    };

    /// <summary>"Predicted 2–4 clients, bound by pool threads: …. Measured 2: within the prediction."</summary>
    public static string Sentence(ExperimentResult experiment, VariantResult variant)
    {
        if (variant.Prediction is not { } prediction)
        {
            return string.Empty;
        }

        var model = experiment.Model;
        var predicted = $"{Predicted(prediction, model)}, bound by {Bound(prediction.Binding, experiment.RateUnit)}";
        var measured = variant.Capacity is { } capacity ? CapacityText.Value(capacity) : "none met the SLA";
        var reading = prediction.Outcome switch
        {
            PredictionOutcome.LowerBound => "a lower bound: " + StoppedFirst(variant.Capacity),
            PredictionOutcome.AsPredicted when variant.Capacity is null => "as predicted",
            PredictionOutcome.AsPredicted => AsPredicted(prediction),
            PredictionOutcome.Below => "below the prediction" + Error(prediction),
            _ => "above the prediction" + Error(prediction),
        };
        var why = prediction.Reason is { } reason ? $": {Reason(reason, experiment, prediction.Binding)}" : "";
        var sentence = $"Predicted {predicted}. Measured {measured}: {reading}{why}.";
        if (prediction.Grown is { } grown)
        {
            sentence += " " + Growth(grown, experiment, prediction.Binding);
        }

        return variant.Capacity is { AtLeastBecause: StoppedBy.LoadGenerator } lower && OwnLimit(prediction) is { } own
            ? $"{sentence}{LoadGeneratorCpu(variant, lower, model)} The app's own limit by the laws (without k6 on its cores): "
                + $"≈ {Range(own.Load, own.MeanLoad, model)}, {Bound(own, experiment.RateUnit)}."
            : sentence;
    }

    /// <summary>" k6 used 41% of the machine's CPUs at 1,000 clients, 49% at 1,250 where a run missed.": where it bounded.</summary>
    private static string LoadGeneratorCpu(VariantResult variant, Capacity lower, LoadModel model)
    {
        double? Busiest(int? load) => variant.Steps.Where(s => s.Concurrency == load).Max(s => s.LoadGeneratorCpuPercent);
        if (Busiest(lower.Concurrency) is not { } atBound)
        {
            return string.Empty;
        }

        var above = Busiest(lower.LoadGeneratorMissedAt) is { } atMiss
            ? $", {Format.Percent(atMiss)} at {Format.Count(lower.LoadGeneratorMissedAt)} where a run missed" : "";
        return $" k6 used {Format.Percent(atBound)} of the machine's CPUs at {model.Load(lower.Concurrency)}{above}.";
    }

    /// <summary>The bound of the app alone: the smallest but the machine's (which k6 shares).</summary>
    public static ResourceBound? OwnLimit(Prediction prediction) =>
        prediction.Bounds.Where(b => b.Resource != ResourceKind.MachineCpu).MinBy(b => b.Load);

    /// <summary>
    /// "As the pool grows within a probe (starvation: …, 2 threads to 4 as the window ends), the laws allow 4–5 clients:
    /// measured as that predicted (+0%)." or what the growth law did not count.
    /// </summary>
    public static string Growth(PoolGrowthBound grown, ExperimentResult experiment, ResourceBound binding)
    {
        if (grown is { By: PoolInjection.Starvation, Broke: null } && grown.ThreadsAtWindowEnd == grown.MinThreads
            && binding.HoldMs is { } holdMs)
        {
            return "The pool does not grow within a probe: starvation injection adds a thread only after 500 ms without a queued "
                + $"work item taken, and here a thread frees every {Format.Duration(holdMs / binding.Units)}.";
        }

        var how = grown.By == PoolInjection.CooperativeBlocking
            ? "cooperative blocking: ProcessorCount threads at once, then one each 25–250 ms"
            : "starvation injection: a thread per 500 ms gate check while no queued work item is taken";
        var threads = $"{Format.Count(grown.MinThreads)} threads, {Format.Count(grown.ThreadsAtWindowStart)} as the measured window "
            + $"starts, {Format.Count(grown.ThreadsAtWindowEnd)} as it ends";
        var allows = $"As the pool grows within a probe ({how}; {threads}), "
            + $"the laws allow {Range(grown.Low, grown.High, experiment.Model)}";
        return grown switch
        {
            { ErrorPercent: null } => allows + ".",
            { Broke: null, ErrorPercent: var error } => $"{allows}: measured as that predicted ({Signed(error!.Value)}).",
            { Broke: { } broke, ErrorPercent: var error } =>
                $"{allows}: measured {Signed(error!.Value)} of it, as {Reason(broke, experiment, binding)}.",
        };
    }

    /// <summary>
    /// "USL fit: σ 0.031, κ 0.00012 (least squares on throughput, …; R² 0.98, within 8%), peak 4,020 req/s at 91 clients";
    /// "the USL does not fit (…; R² 0.61, off by up to 48%): the curve bends more sharply …"; "no USL fit: too few loads …".
    /// </summary>
    public static string Usl(UslFit fit, LoadModel model, string rateUnit)
    {
        if (fit.Lambda <= 0)
        {
            return $"no USL fit: {UslMissText.Of(fit.Why)}";
        }

        var rSquared = fit.RSquared.ToString("0.00", CultureInfo.InvariantCulture);
        var within = fit.Fits ? "within" : "off by up to";
        var method = fit.UnweightedMissPercent is { } miss
            ? $"{Method(fit.Weighting)}, as least squares on throughput (R's usl) missed by up to {Format.Percent(miss)}"
            : Method(fit.Weighting);
        var quality = $"{method}; R² {rSquared}, {within} {Format.Percent(fit.MaxErrorPercent)}";
        if (!fit.Fits)
        {
            return $"the USL does not fit ({quality}): {UslMissText.Of(fit.Why)}";
        }

        var peak = fit switch
        {
            { PeakLoad: { } n, PeakRps: { } x } => $", peak {Format.Rps(x)} {rateUnit} at {model.Load(Math.Round(n))}",
            { PeakRps: { } ceiling } => $", levelling off towards {Format.Rps(ceiling)} {rateUnit} (no peak: κ = 0)",
            _ => ", no contention measured: throughput grows with the load",
        };
        return $"USL fit: σ {Coefficient(fit.Sigma)}, κ {Coefficient(fit.Kappa)} ({quality}){peak}";
    }

    /// <summary>How the fit weighed its points, so that a reader who checks σ and κ in R knows what to compare.</summary>
    public static string Method(UslWeighting weighting) => weighting == UslWeighting.Relative
        ? "least squares on the relative error (1 ÷ X² weights)"
        : "least squares on throughput, as R's usl and usl4j fit it";

    /// <summary>What broke an assumption, from the figures the predictor read: "the pool grew from 2 to 10 threads …".</summary>
    public static string Reason(PredictionReason reason, ExperimentResult experiment, ResourceBound binding)
    {
        var model = experiment.Model;
        return reason switch
        {
            FewerThanTried r =>
                $"the laws allow {model.Load(r.Allowed)}, fewer than the lowest load tried ({model.Load(r.Lowest)})",
            LoadGeneratorShort r => $"k6 was short of CPU at {model.Load(r.At)}, so the load was not what it asked",
            AppCpuFirst r => $"the app ran out of CPU at {model.Load(r.At)} before {BoundText.Name(binding)} did",
            MachineBusy r => $"the machine's CPUs were {Format.Percent(r.Percent)} busy at {model.Load(r.At)}: "
                + $"the app shares them with k6{(r.WithDatabase ? " and the database" : "")}",
            PoolWait r => $"requests waited {Format.Duration(r.WaitMs)} for a pooled connection at {model.Load(r.At)}: "
                + "the database held each longer than at one client",
            RequestsFailed r =>
                $"{Format.Fraction(r.ErrorRate)} of requests failed at {model.Load(r.At)}, before {BoundText.Name(binding)} filled",
            PercentileSpread r =>
                $"at {model.Load(r.At)} the mean response ({Format.Duration(r.MeanMs)}) was within the SLA but p95 was "
                + $"{(r.P95Ms / r.MeanMs).ToString("0.0", CultureInfo.InvariantCulture)}× it: "
                + "times per request vary, and the laws bound the mean",
            UnevenQueueing r => $"p95 passed the SLA at {model.Load(r.At)} while the bound on the mean still had room: "
                + "requests queue unevenly (bursts, the pool's hill climbing)",
            PoolGrew { Allows: { } allows } r =>
                $"the pool grew from {Format.Count(r.From)} to {Format.Count(r.To)} threads during the probe at {model.Load(r.At)} "
                + "(hill climbing and starvation injection add threads while work waits); "
                + $"with {Format.Count(r.To)} threads the laws allow {Format.Count(allows)}",
            PoolGrew r => $"the pool grew from {Format.Count(r.From)} to {Format.Count(r.To)} threads during the probe",
            HillClimbed r => $"hill climbing (event 55's moves, not starvation) added {Format.Count(r.Added)} threads at "
                + $"{model.Load(r.At)}, the pool reaching {Format.Count(r.To)}: the growth law bounds hill climbing "
                + $"({Format.Count(r.Ceiling)} threads at most by the window's end) but does not predict it",
            HeldLonger r => $"at {model.Load(r.At)} each request held its pool thread about {Format.Duration(r.HeldMs)} (the "
                + $"pool's threads ÷ the throughput), {(r.HeldMs / r.LightestMs).ToString("0.0", CultureInfo.InvariantCulture)}× the "
                + $"{Format.Duration(r.LightestMs)} of the lightest load, and the law counts the latter"
                + (r.By == PoolInjection.CooperativeBlocking
                    ? ": the task a blocked thread waits for completes on a pool thread too, queued behind new requests"
                    : ""),
            HeldLess =>
                $"{BoundText.Name(binding)} served more than its units ÷ its time per request: "
                + "a unit was held less than at the lightest load",
            NoProbeAtKnee => "no probe at the knee to read",
            _ => throw new ArgumentOutOfRangeException(nameof(reason), reason, "a reason PredictionText cannot say yet"),
        };
    }

    private static string Approx(Prediction prediction) => prediction.Binding.IsCpu ? "≈ " : string.Empty;

    /// <summary>"within the prediction" (inside the range), "as predicted (+0%)", "as predicted (−12% of 200)".</summary>
    private static string AsPredicted(Prediction prediction) =>
        prediction.IsRange && prediction.ErrorPercent is null or 0 ? "within the prediction" : "as predicted" + Error(prediction);

    private static string Range(int low, int high) => high > low ? $"{Format.Count(low)}–{Format.Count(high)}" : Format.Count(low);

    /// <summary>"+0%", "−21%".</summary>
    private static string Signed(double percent) =>
        Math.Abs(percent) < 0.5 ? "+0%" : $"{(percent >= 0 ? "+" : "−")}{Format.Percent(Math.Abs(percent))}";

    private static string Range(int low, int high, LoadModel model) =>
        high > low ? $"{Format.Count(low)}–{model.Load(high)}" : model.Load(low);

    /// <summary>" (+0%)", " (−21% of 200)": against the nearer end of the range, 0 inside it.</summary>
    private static string Error(Prediction prediction) => prediction.ErrorPercent switch
    {
        null => string.Empty,
        0 => " (+0%)",
        var error => $" ({(error >= 0 ? "+" : "−")}{Format.Percent(Math.Abs(error.Value))} of "
            + $"{Format.Count(error > 0 ? prediction.MeanLoad : prediction.Load)})",
    };

    private static string Coefficient(double value) =>
        value == 0 ? "0" : value.ToString(value >= 0.01 ? "0.###" : "0.##E+0", CultureInfo.InvariantCulture);
}
