namespace AsyncCapacity.Lab.Measure;

/// <summary>
/// The results of k6 runners that split one test with execution segments, merged into the results one k6 would have written on
/// all their requests. Counts add, so they merge exactly: requests, failures, dropped arrivals, lost sessions, and the durations on
/// either side of the SLA's p95 (<see cref="SlaSplit"/>), from which the union's p95 verdict follows exactly (<see cref="UnionP95"/>).
/// A percentile does not merge: the union's p95 is exact only where its rank falls between the two sides, and otherwise lies on the
/// side the counts say, between the runners' own p95s; the other percentiles and means are the runners' weighted by their requests,
/// and each runner's own figures stay beside the step (<see cref="RunnerShare"/>). Crank takes the worst runner's p95 and
/// k6-operator leaves the runners apart (grafana/k6-operator#812): neither is the verdict one k6 gives on all the requests.
/// </summary>
public static class RunnerMerge
{
    /// <summary>k6's p(95) (k6 v2.2, checked here): linear interpolation at rank 0.95 × (n − 1) of the sorted values.</summary>
    public const double Rank = 0.95;

    public static MeasuredRun Merge(IReadOnlyList<RunnerResults> runners)
    {
        if (runners.Count == 0)
        {
            throw new ArgumentException("No runner's results to merge.", nameof(runners));
        }

        var first = runners[0].Run;
        foreach (var runner in runners.Skip(1))
        {
            var steps = runner.Run.Steps;
            if (runner.Run.Experiment != first.Experiment || steps.Count != first.Steps.Count
                || steps.Zip(first.Steps).Any(p => p.First.Variant != p.Second.Variant || p.First.Concurrency != p.Second.Concurrency))
            {
                throw new InvalidDataException(
                    $"{runner.Runner}'s results are of another test than {runners[0].Runner}'s: "
                    + "every runner of a split test runs the same script with the same settings.");
            }
        }

        var merged = first.Steps.Select((_, i) => Step([.. runners.Select(r => (r, r.Run.Steps[i]))], first.Sla)).ToList();
        return first with
        {
            StartedAtMs = (long)Math.Round(runners.Average(r => (double)r.Run.StartedAtMs)),
            TestRunDurationMs = runners.Max(r => r.Run.TestRunDurationMs),
            Steps = merged,
        };
    }

    /// <summary>
    /// The p95 of the union of the runners' measured durations, from their splits: whether it is within the SLA (exact), and its value
    /// where the rank falls between the slowest duration within and the fastest beyond (exact), else null.
    /// </summary>
    public static (bool Within, double? ExactMs)? UnionP95(IReadOnlyList<SlaSplit> splits, double slaP95Ms)
    {
        var within = splits.Sum(s => s.Within);
        var count = within + splits.Sum(s => s.Beyond);
        if (count == 0)
        {
            return null;
        }

        // Sorted ascending, the durations within the SLA take ranks 0 … within − 1, those beyond it the rest.
        var rank = Rank * (count - 1);
        var (lower, upper) = ((long)Math.Floor(rank), (long)Math.Ceiling(rank));
        var slowestWithin = splits.Max(s => s.SlowestWithinMs) ?? 0;
        var fastestBeyond = splits.Min(s => s.FastestBeyondMs) ?? slowestWithin;
        if (upper < within)
        {
            // On the rank itself, the value is known where it is the slowest within.
            return (true, lower == upper && upper == within - 1 ? slowestWithin : null);
        }

        if (lower >= within)
        {
            return (false, lower == upper && lower == within ? fastestBeyond : null);
        }

        // lower = within − 1 and upper = within: the two values around the rank are the slowest within and the fastest beyond.
        var p95 = slowestWithin + ((fastestBeyond - slowestWithin) * (rank - lower));
        return (p95 <= slaP95Ms, p95);
    }

    private static ProbeSamples Step(IReadOnlyList<(RunnerResults Runner, ProbeSamples Step)> parts, Sla sla)
    {
        var steps = parts.Select(p => p.Step).ToList();
        var requests = steps.Sum(s => s.Requests);
        // Every runner's step has the same warm-up and window, so the mean of their starts keeps both.
        var start = (long)Math.Round(steps.Average(s => (double)s.StartMs));
        var splits = steps.Select(s => s.SlaSplit).OfType<SlaSplit>().ToList();
        var split = splits.Count == steps.Count && splits.Count > 0
            ? new SlaSplit(splits.Sum(s => s.Within), splits.Max(s => s.SlowestWithinMs), splits.Sum(s => s.Beyond),
                splits.Min(s => s.FastestBeyondMs))
            : null;
        var duration = Weighted(steps, s => s.DurationMs);
        if (duration is not null)
        {
            duration = duration with { P95 = Rounded(P95(steps, split, duration.P95, sla), sla) };
        }

        return new ProbeSamples(
            steps[0].Variant,
            steps[0].Concurrency,
            start,
            start + (steps[0].MeasureFromMs - steps[0].StartMs),
            start + (steps[0].EndMs - steps[0].StartMs),
            requests,
            steps.Sum(s => s.Failed),
            duration,
            Weighted(steps, s => s.ServerMs),
            Sum(steps, s => s.Dropped),
            Weighted(steps, s => s.ConnectMs),
            Sum(steps, s => s.ConnectionsFailed),
            Sum(steps, s => s.ConnectionsDropped))
        {
            SlaSplit = split,
            Runners = [.. parts.Select(p => new RunnerShare(p.Runner.Runner, p.Step.Requests, p.Step.Failed, p.Step.DurationMs?.P95,
                p.Runner.Run.StartedAtMs)
            {
                CpuPercent = p.Runner.Cpu?.Percent,
                Cpus = p.Runner.Cpu?.Cpus,
            })],
        };
    }

    /// <summary>The union's p95: exact where its rank falls between the sides; else the runners' weighted p95, kept between their own
    /// and on the side of the SLA the counts put it, so that the judge gives the union's verdict. Without splits (a runner that did
    /// not count them), the worst runner's: a merged step never reads better than its worst part.</summary>
    private static double? P95(IReadOnlyList<ProbeSamples> steps, SlaSplit? split, double? weighted, Sla sla)
    {
        var own = steps.Select(s => s.DurationMs?.P95).OfType<double>().ToList();
        if (split is null || UnionP95([split], sla.P95Ms) is not { } union)
        {
            return own.Count > 0 ? own.Max() : null;
        }

        if (union.ExactMs is { } exact)
        {
            return exact;
        }

        var value = Math.Clamp(weighted ?? own.Average(), own.Min(), own.Max());
        return union.Within
            ? Math.Min(value, Math.Min(split.SlowestWithinMs ?? sla.P95Ms, sla.P95Ms))
            : Math.Max(value, split.FastestBeyondMs ?? sla.P95Ms);
    }

    /// <summary>To k6's three decimals (k6-scripts/lib/summary.js), unless rounding would carry it across the SLA.</summary>
    private static double? Rounded(double? p95, Sla sla) =>
        p95 is { } value && Math.Round(value, 3) is var rounded && (rounded <= sla.P95Ms) == (value <= sla.P95Ms) ? rounded : p95;

    private static Percentiles? Weighted(IReadOnlyList<ProbeSamples> steps, Func<ProbeSamples, Percentiles?> of)
    {
        var parts = steps.Where(s => s.Requests > 0 && of(s) is not null).Select(s => (Weight: (double)s.Requests, Value: of(s)!)).ToList();
        if (parts.Count == 0)
        {
            return steps.Select(of).FirstOrDefault(p => p is not null);
        }

        double? MeanOf(Func<Percentiles, double?> field)
        {
            var known = parts.Where(p => field(p.Value) is not null).ToList();
            return known.Count == 0 ? null : known.Sum(p => p.Weight * field(p.Value)!.Value) / known.Sum(p => p.Weight);
        }

        double? Mean(Func<Percentiles, double?> field) => MeanOf(field) is { } mean ? Math.Round(mean, 3) : null;

        return new Percentiles(
            Mean(p => p.Avg),
            parts.Select(p => p.Value.Min).Min(),
            Mean(p => p.Med),
            parts.Select(p => p.Value.Max).Max(),
            Mean(p => p.P90),
            Mean(p => p.P95),
            Mean(p => p.P99));
    }

    private static long? Sum(IReadOnlyList<ProbeSamples> steps, Func<ProbeSamples, long?> of) =>
        steps.Any(s => of(s) is not null) ? steps.Sum(s => of(s) ?? 0) : null;
}

/// <summary>One runner's results file, where it ran, and its CPU as a share of the CPUs it had (null: not read).</summary>
public sealed record RunnerResults(string Runner, MeasuredRun Run, RunnerCpu? Cpu = null);

public sealed record RunnerCpu(double Percent, int Cpus);
