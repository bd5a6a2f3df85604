using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Tests.Sweep;

/// <summary>One launch of the simulated app at a load: its verdict and its p95 against the SLA (ln(p95 ÷ SLA)), and, where a test
/// wants the laws to read it, its mean latency, throughput and CPU.</summary>
internal sealed record SimulatedLaunch(bool Meets, double Margin)
{
    public long Requests { get; init; } = 1000;

    public double? MeanMs { get; init; }

    /// <summary>The app's CPU, percent of its cores.</summary>
    public double? CpuPercent { get; init; }
}

/// <summary>An app the loop probes in microseconds, through the same port the CLI's real app and k6 answer on: each probe a launch
/// that <paramref name="launch"/> decides; k6 short of CPU from a load on; probes that fail. It keeps every order it was given.</summary>
internal sealed class SimulatedApp(Func<int, SimulatedLaunch> launch) : IProbePort
{
    private long _clockMs = 1_800_000_000_000;

    public int LoadGeneratorBoundFrom { get; init; } = int.MaxValue;

    /// <summary>Which probes fail (their deadline passes): they answer with nothing measured.</summary>
    public Func<ProbeOrder, bool> Fails { get; init; } = _ => false;

    /// <summary>The app's cores, as the probes read them: the laws count its pool and CPU from them.</summary>
    public int Cores { get; init; } = 2;

    public List<ProbeOrder> Asked { get; } = [];

    public Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
    {
        Asked.Add(order);
        _clockMs += 10_000;
        var at = DateTimeOffset.FromUnixTimeMilliseconds(_clockMs);
        if (Fails(order))
        {
            return Task.FromResult(FailedProbe.Answer(order, FailedProbe.PastDeadline(order.Deadline), at));
        }

        var outcome = launch(order.Load);
        var p95 = order.Plan.Sla.P95Ms * Math.Exp(outcome.Margin);
        var step = new StepResult
        {
            Concurrency = order.Load,
            StartedAt = at,
            MeasuredFrom = at,
            EndedAt = at.AddSeconds(order.Seconds),
            DurationSeconds = order.Seconds,
            Requests = outcome.Requests,
            Errors = 0,
            ErrorRate = 0,
            Rps = Math.Round(outcome.Requests / order.Seconds, 2),
            MeanMs = outcome.MeanMs,
            P50Ms = outcome.MeanMs,
            P95Ms = p95,
            CpuPercent = outcome.CpuPercent,
            MeetsSla = outcome.Meets,
            Missed = outcome.Meets ? [] : ["p95"],
            Saturated = order.Load >= LoadGeneratorBoundFrom ? Saturation.LoadGenerator
                : outcome.CpuPercent >= StepAnalysis.SaturatedPercent ? Saturation.App : null,
        };
        var app = new RuntimeReport(".NET 10.0.0", Cores, Cores, Cores, 32767, 1000, 1000, 1, null,
            new RuntimeSample(_clockMs, Cores, 0, 0, 0, 0, 0, 0), []);
        return Task.FromResult(new ProbeAnswer(new AnalysedStep(order.Variant, _clockMs, step, []), app));
    }
}
