using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A variant's capacity over time in one line, as the card and the CLI lead with it: "3 clients within 6 s of a burst,
/// about 17 after 30 s, 44 after 70 s at a thread each (46 threads, 68 MB); 478 never within 2 min: …", or for a variant whose
/// holds met from the start, "≥ 3,352 clients from the first second with 6 threads (63 MB)".</summary>
public static class SustainedText
{
    public static string? Headline(ExperimentResult experiment, VariantResult variant)
    {
        if (variant.Sustained is not { } sustained)
        {
            return null;
        }

        var measured = sustained.Holds.Where(h => h.EndedBy != HoldEnd.Failed).ToList();
        if (measured.Count == 0)
        {
            return $"no held load could be measured ({string.Join("; ", sustained.Holds.Select(h => FlagText.WhyFailed(h)).Distinct())})";
        }

        var model = experiment.Model;
        var flat = measured.All(h => h.CaughtUpAt is { } at && at <= sustained.KneeHorizonSeconds);
        return flat ? Flat(variant, measured, model) : Rising(variant, sustained, measured, model);
    }

    /// <summary>The pool's minimum raised above the cores (--min-threads): a pre-grown pool serves at once what a cold one reaches
    /// only as it grows. Null for a pool at its default.</summary>
    public static string? PreGrown(RunInfo run, VariantResult variant)
    {
        var cores = run.CpuIsolation?.AppCores ?? run.Cores;
        return variant.Sustained is null || run.Settings.MinWorkerThreads is not { } minimum || minimum <= cores ? null
            : $"The pool started pre-grown at {Format.Count(minimum)} threads (--min-threads), not {Format.Count(cores)}: threads up to "
                + "that many need no injecting, which flattens the curve up to the load they serve, at their memory's cost.";
    }

    /// <summary>compare, where some run held loads: the curve's points side by side, by the time under load, "–" where a run has
    /// none then: "at 6 s: 35 → 35; at 30 s: 132 (70–139) → 120 (70–139); at 2 min: ≥ 280 → 300 (280–559)". Null where no run
    /// held any load.</summary>
    public static string? Compared(IReadOnlyList<Sustained?> runs)
    {
        var times = runs.OfType<Sustained>().SelectMany(s => s.Curve.Select(p => p.Seconds)).Distinct().Order().ToList();
        return times.Count == 0 ? null : string.Join("; ", times.Select(t => $"at {Format.Seconds(t)}: " + string.Join(" → ",
            runs.Select(r => r?.Curve.FirstOrDefault(p => Math.Abs(p.Seconds - t) < 1e-9) is { } point ? Point(point) : Format.Missing))));
    }

    /// <summary>"132 (70–139)": a point of the curve with its interval; "≥ 582" where nothing heavier was seen behind.</summary>
    public static string Point(CapacityAt point) => point.High is not { } high ? $"≥ {Format.Count(point.Capacity)}"
        : point.Low == high ? Format.Count(point.Capacity)
        : $"{Format.Count(point.Capacity)} ({Format.Count(point.Low)}–{Format.Count(high)})";

    /// <summary>"3 clients within 6 s of a burst, about 17 after 30 s, 44 after 70 s at a thread each (46 threads, 68 MB)", then
    /// what the heaviest load held never caught up with, and why.</summary>
    private static string Rising(
        VariantResult variant, Sustained sustained, IReadOnlyList<SustainedHold> measured, LoadModel model)
    {
        // The knee first, as At a glance gives it: the short probes' capacity at their horizon.
        var parts = new List<string>();
        if (variant.Capacity is { } knee)
        {
            parts.Add($"{CapacityText.Value(knee)} {Clients(model, knee.Concurrency)} within "
                + $"{Format.Seconds(sustained.KneeHorizonSeconds)} of a burst");
        }

        var heaviest = measured.Where(h => h.CaughtUp).MaxBy(h => h.Concurrency);
        if (sustained.Curve.FirstOrDefault(p => Math.Abs(p.Seconds - HalfMinute) < 1e-9) is { } half
            && half.Capacity != heaviest?.Concurrency && half.Capacity != variant.Capacity?.Concurrency)
        {
            parts.Add($"{Around(half)} after {Format.Seconds(HalfMinute)}");
        }

        if (heaviest is not null)
        {
            parts.Add($"{Format.Count(heaviest.Concurrency)} after {Format.Seconds(heaviest.CaughtUpAt!.Value)}{Cost(heaviest)}");
        }

        if (parts.Count == 0)
        {
            // No knee (every short probe missed) and no load caught up with: the curve begins with the load it never reached.
            parts.Add($"no load tried met the SLA within {Format.Seconds(sustained.KneeHorizonSeconds)} of a burst");
        }

        var line = string.Join(", ", parts);
        return sustained.Steady is { Kind: not SteadyKind.CaughtUp } steady
            ? $"{line}; {Format.Count(steady.Load)} never within {Format.Seconds(sustained.HorizonSeconds)}: {Steady(steady)}"
            : line;
    }

    /// <summary>"≥ 3,352 clients from the first second with 6 threads (63 MB)".</summary>
    private static string Flat(VariantResult variant, IReadOnlyList<SustainedHold> measured, LoadModel model)
    {
        var heaviest = measured.MaxBy(h => h.Concurrency)!;
        var atLeast = variant.Capacity is { AtLeastBecause: not null } knee && knee.Concurrency == heaviest.Concurrency ? "≥ " : "";
        var from = heaviest.CaughtUpAt is 0 ? "from the first second" : $"from second {heaviest.CaughtUpAt}";
        var threads = heaviest.Cost?.PoolThreads is { } pool ? $" with {Format.Count(pool)} {(pool == 1 ? "thread" : "threads")}" : "";
        var memory = heaviest.Cost?.WorkingSetMb is { } mb ? $" ({Format.Count(mb)} MB)" : "";
        return $"{atLeast}{Format.Count(heaviest.Concurrency)} {Clients(model, heaviest.Concurrency)} {from}{threads}{memory}";
    }

    /// <summary>" at a thread each (46 threads, 68 MB)": what serving it cost once caught up.</summary>
    private static string Cost(SustainedHold hold)
    {
        if (hold.Cost is not { PoolThreads: { } threads } cost)
        {
            return "";
        }

        var ratio = threads / (double)hold.Concurrency;
        var each = ratio switch
        {
            >= 0.8 and <= 1.25 => " at a thread each",
            < 0.8 => $" at a thread per {Format.Count(hold.Concurrency / (double)threads)} clients",
            _ => $" at {Format.Number(Math.Round(ratio, 1))} threads each",
        };
        var memory = cost.WorkingSetMb is { } mb ? $", {Format.Count(mb)} MB" : "";
        return $"{each} ({Format.Count(threads)} threads{memory})";
    }

    /// <summary>Where the pool settled: "every load held caught up (the heaviest 44: 46 threads, 68 MB)", or "478 never within
    /// 2 min: the pool was still growing at 0.6 threads/s …"; "–" for a run that read no steady state.</summary>
    public static string Settled(Sustained sustained) => sustained.Steady switch
    {
        null => Format.Missing,
        { Kind: SteadyKind.CaughtUp } steady => $"every load held caught up (the heaviest {Format.Count(steady.Load)}"
            + (steady.Threads is { } threads ? $": {Format.Count(threads)} threads" : "")
            + (steady.WorkingSetMb is { } mb ? $", {Format.Count(mb)} MB" : "") + ")",
        var steady => $"{Format.Count(steady.Load)} never within {Format.Seconds(sustained.HorizonSeconds)}: {Steady(steady)}",
    };

    /// <summary>Why the heaviest load held was still behind at the horizon.</summary>
    private static string Steady(SteadyState steady)
    {
        var threads = steady.Threads is { } t ? Format.Count(t) : "?";
        if (steady.Kind == SteadyKind.Growing)
        {
            var needs = steady.ThreadsNeeded is { } needed ? $" ({threads} of the {Format.Count(needed)} threads it needs)" : "";
            var more = steady.SecondsMore is { } seconds ? $", {Format.Seconds(seconds)} more" : "";
            return $"the pool was still growing at {Format.Number(steady.GrowthPerSecond ?? 0)} threads/s{needs}{more}";
        }

        var bound = steady.BoundBy is { } resource ? $"bound by {resource.Name}" : "bound by nothing the run can name";
        var of = steady.ThreadsNeeded is { } atLeast ? $", {Format.Count(atLeast)} needed" : "";
        return steady.Kind == SteadyKind.Sufficed
            ? $"the pool held the threads it needs ({threads}{of}) and the SLA was still missed, {bound}"
            : $"the pool stopped growing at {threads} threads ({bound})";
    }

    /// <summary>"about 17" where the point lies between two holds, the figure alone where it was seen.</summary>
    private static string Around(CapacityAt point) =>
        (point.High is { } high && high != point.Low ? "about " : point.AtLeast ? "≥ " : "") + Format.Count(point.Capacity);

    private static string Clients(LoadModel model, int load) =>
        model.IsOpen ? "req/s offered" : load == 1 ? "client" : "clients";

    private const double HalfMinute = 30;
}
