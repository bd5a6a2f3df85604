using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static partial class Predictor
{
    private sealed record Reading(ExperimentResult Experiment, VariantResult Variant, ResourceBound Binding, SlaLaws Sla, double Hold)
    {
        /// <summary>The error is against the nearer end of [low, high] (0 inside it).</summary>
        public (PredictionOutcome Outcome, double? Error, PredictionReason? Reason) Of(int low, int high)
        {
            if (Variant.Capacity is not { } capacity)
            {
                var lowest = Variant.Steps.Min(s => s.Concurrency);
                return low < lowest
                    ? (PredictionOutcome.AsPredicted, null, new FewerThanTried(low, lowest))
                    : (PredictionOutcome.Below, null, Below());
            }

            var measured = capacity.Concurrency;
            var nearest = measured < low ? low : measured > high ? high : measured;
            var error = nearest > 0 ? (measured - nearest) / (double)nearest * 100 : (double?)null;
            var close = nearest > 0 && Math.Abs(measured - nearest) <= Math.Max(1, Tolerance * nearest);
            // The range overlaps the knee's 90% interval (before the estimate: reaches into its bracket).
            var bracketed = capacity.Estimate is { } estimate ? low <= estimate.HighLoad && high >= estimate.LowLoad
                : capacity.MissedAt is { } missed && low < missed && high >= measured;
            // A lower bound: what stopped the search, or (a run before the search) the top of the grid with nothing missed above.
            if (capacity.AtLeastBecause is not null || capacity.MissedAt is null)
            {
                // "≥ 2,000": within or above the range it confirms it; below, it says where k6 stopped, not the app.
                return measured >= low * (1 - Tolerance) && measured <= high * (1 + Tolerance) ? (PredictionOutcome.AsPredicted, null, null)
                    : measured > high ? (PredictionOutcome.Above, null, Above())
                    : (PredictionOutcome.LowerBound, null, null);
            }

            return close || bracketed ? (PredictionOutcome.AsPredicted, error, null)
                : measured < low ? (PredictionOutcome.Below, error, Below())
                : (PredictionOutcome.Above, error, Above());
        }

        public PoolGrowthBound Growth(PoolGrowthBound grown)
        {
            if (Variant.Capacity is not { MissedAt: not null, AtLeastBecause: null } capacity)
            {
                return grown;
            }

            var measured = capacity.Concurrency;
            var nearest = Math.Clamp(measured, grown.Low, grown.High);
            if (nearest <= 0)
            {
                return grown;
            }

            var error = (measured - nearest) / (double)nearest * 100;
            var within = Math.Abs(measured - nearest) <= Math.Max(1, PoolGrowth.Tolerance * nearest);
            return grown with
            {
                ErrorPercent = error,
                Broke = within ? null : measured < grown.Low ? HeldLonger(grown) ?? Below() : Climbed(grown),
            };
        }

        /// <summary>Sync over async on work that completes on the pool waits for a pool thread too: each holds one longer.</summary>
        private HeldLonger? HeldLonger(PoolGrowthBound grown)
        {
            // Short of CPU (k6 or the app), the knee says that first.
            if (KneeStep.Of(Variant) is not { ThreadsAtStart: { } start, ThreadsAtEnd: { } end, Rps: > 0, Saturated: null } step)
            {
                return null;
            }

            var heldSeconds = (start + end) / 2.0 / step.Rps;
            return heldSeconds > HeldLongerFactor * Hold
                ? new HeldLonger(step.Concurrency, Milliseconds.FromSeconds(heldSeconds), Milliseconds.FromSeconds(Hold), grown.By)
                : null;
        }

        /// <summary>Hill climbing's moves (event 55) at the knee, or the growth measured.</summary>
        private PredictionReason Climbed(PoolGrowthBound grown)
        {
            var capacity = Variant.Capacity!;
            var step = KneeStep.Of(Variant);
            var climbed = step?.Adjustments?.Where(a => PoolAdjustmentReasons.IsHillClimbing(a.Key)).Sum(a => a.Value.ThreadsAdded) ?? 0;
            var reached = Variant.Steps.Where(s => s.Concurrency == capacity.Concurrency).Max(s => s.ThreadsAtEnd)
                ?? grown.ThreadsAtWindowEnd;
            return climbed > 0 && step is not null
                ? new HillClimbed(step.Concurrency, step.ThreadsAtEnd ?? reached, climbed, grown.HillClimbingCeiling)
                : new PoolGrew(capacity.Concurrency, grown.ThreadsAtWindowEnd, reached, null);
        }

        private PredictionReason Below()
        {
            if (KneeStep.Of(Variant) is not { } step)
            {
                return new NoProbeAtKnee();
            }

            var at = step.Concurrency;
            var poolWait = step.Gauge("db.poolWaitMs");
            var slaMs = Experiment.Sla.P95Ms;
            return step switch
            {
                { Saturated: Saturation.LoadGenerator } => new LoadGeneratorShort(at),
                { Saturated: Saturation.App } when !Binding.IsCpu => new AppCpuFirst(at),
                { MachineCpuPercent: >= BusyMachinePercent } when Binding.Resource != ResourceKind.MachineCpu =>
                    new MachineBusy(at, step.MachineCpuPercent!.Value, UsesDatabase(Experiment)),
                _ when poolWait >= 1 && Binding.Resource != ResourceKind.DbConnections => new PoolWait(at, poolWait.Value),
                _ when step.Missed.Contains("errors") => new RequestsFailed(at, step.ErrorRate),
                { MeanMs: { } mean, P95Ms: { } p95 } when mean <= slaMs && p95 > slaMs => new PercentileSpread(at, mean, p95),
                _ => new UnevenQueueing(at),
            };
        }

        private PredictionReason Above()
        {
            var capacity = Variant.Capacity!;
            var grown = Variant.Steps.Where(s => s.Concurrency == capacity.Concurrency).Max(s => s.ThreadsAtEnd);
            if (Binding.Resource != ResourceKind.Threads || !(grown > Binding.Units))
            {
                return new HeldLess();
            }

            // Held per request, the grown pool allows what the bound on the mean allows with that many threads.
            int? allows = Binding.HoldMs is null ? null : OperationalLaws.ClientsWithinMean(Sla.Sla, Sla.R0, Hold / grown!.Value);
            return new PoolGrew(capacity.Concurrency, Binding.Units, grown!.Value, allows);
        }
    }
}
