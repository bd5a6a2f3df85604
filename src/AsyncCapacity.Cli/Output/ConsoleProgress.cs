using System.Diagnostics;
using System.Globalization;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Output;

/// <summary>The sweep as it happens, on the console. Time left is estimated from the probes finished variants needed, beside the most it
/// can be (every budget used).</summary>
/// <param name="variants">The most probes each variant's search may take.</param>
/// <param name="holds">The most --sustain's holds may take in all: counted apart from the probes, whose mean time they would skew.</param>
internal sealed class ConsoleProgress(
    IReadOnlyList<int> variants, TimeSpan probeDuration, string stepUnit = "clients", TimeSpan holds = default) : ISweepProgress
{
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly TextWriter _out = Console.Out;
    private readonly TextWriter _error = Console.Error;
    private readonly List<(int Used, int Max)> _finished = [];
    private int _variant;
    private int _probesInVariant;
    private int _probesDone;
    private TimeSpan _holdStarted;
    private TimeSpan _held;

    public TimeSpan Elapsed => _clock.Elapsed;

    public void Info(string message) => _out.WriteLine(message);

    public void Warn(string message) => _error.WriteLine($"warning: {message}");

    public void Skipped(ExperimentPlan plan, string reason)
    {
        Warn($"{plan.Id} skipped: {reason}");
        foreach (var _ in plan.Declaration.Variants)
        {
            VariantDone();
        }
    }

    public void ProbeStarting(ProbeOrder order)
    {
        if (order.Kind is HoldProbe)
        {
            // A held load is beyond the search's budget, and says how it goes as it goes.
            _holdStarted = Elapsed;
            _out.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"  {order.Plan.Id} {order.Variant}: holding {order.Load} clients for up to {order.Seconds:0} s from a cold app"));
            return;
        }

        if (order.Kind is DemandProbe demand)
        {
            // Beyond the search's budget too: one window at a rate well below the app's saturation.
            _out.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"  {order.Plan.Id} {order.Variant}: CPU per request at {order.Load:#,0} req/s offered "
                + $"({demand.Fraction * 100:0}% of the most it could take, {demand.WarmupSeconds:0} s warm-up)"));
            return;
        }

        _probesInVariant++;
        var (estimate, most) = Remaining();
        _out.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"[{order.Plan.Id} {order.Variant}] probe {_probesInVariant} of at most {Max(_variant)}: "
            + $"{order.Load} {stepUnit}, {Pass(order.Kind)}   "
            + $"elapsed {Format(Elapsed)}, ~{Format(estimate)} left (at most {Format(most)})"));
    }

    /// <summary>A replayed probe took no time: only measured ones teach the time a probe takes.</summary>
    public void ProbeDone(ProbeOrder order, ProbeAnswer answer)
    {
        if (order.Kind is HoldProbe)
        {
            _held += Elapsed - _holdStarted;
        }

        if (answer.Step is null)
        {
            return;
        }

        if (!answer.Replayed)
        {
            _probesDone++;
        }

        var result = answer.Step.Result;
        _out.WriteLine($"        {StepLine.Of(result, order.Terms)}{(answer.Replayed ? "   (recorded)" : "")}");
        if (StepLine.Why(result) is { Length: > 0 } why)
        {
            _out.WriteLine($"        {why}");
        }
    }

    public void VariantDone(ExperimentPlan plan, string variant) => VariantDone();

    /// <summary>A variant's search ended (or was skipped, with no probe): its probes teach the estimate of the others'.</summary>
    private void VariantDone()
    {
        _finished.Add((_probesInVariant, Max(_variant)));
        _variant++;
        _probesInVariant = 0;
    }

    private int Max(int variant) => variant < variants.Count ? variants[variant] : 0;

    /// <summary>The estimate: each variant still to come uses the share of its budget the finished ones used (two-thirds before any has
    /// finished); the most: every one uses its whole budget. Both at the mean time of a probe so far, and the held loads still to come at
    /// their longest.</summary>
    private (TimeSpan Estimate, TimeSpan Most) Remaining()
    {
        var perProbe = _probesDone > 0 ? (Elapsed - _held) / _probesDone : probeDuration;
        var holdsLeft = holds > _held ? holds - _held : TimeSpan.Zero;
        var used = _finished.Where(f => f.Max > 0).ToList();
        var share = used.Count > 0 ? used.Sum(f => f.Used) / (double)used.Sum(f => f.Max) : 2 / 3.0;
        var current = Max(_variant);
        var later = variants.Skip(_variant + 1).Sum();
        var most = Math.Max(0, current - _probesInVariant + 1) + later;
        var estimate = Math.Max(0, (share * current) - _probesInVariant + 1) + (share * later);
        return ((perProbe * estimate) + holdsLeft, (perProbe * most) + holdsLeft);
    }

    private static string Pass(ProbeKind kind) => kind switch
    {
        SearchProbe { Pass: ProbePass.Coarse } => "coarse pass",
        SearchProbe { Pass: ProbePass.Expand } probe => $"searching: {ProbeReasonText.Of(probe.Why)}",
        SearchProbe { Pass: ProbePass.Narrow } probe => $"narrowing: {ProbeReasonText.Of(probe.Why)}",
        SearchProbe { Pass: ProbePass.Headline } probe => $"headline: {ProbeReasonText.Of(probe.Why)}",
        SearchProbe probe => $"again: {ProbeReasonText.Of(probe.Why)}",
        _ => kind.Name,
    };

    private static string Format(TimeSpan span) => span.TotalHours >= 1
        ? span.ToString(@"h\:mm\:ss", CultureInfo.InvariantCulture)
        : span.ToString(@"m\:ss", CultureInfo.InvariantCulture);
}
