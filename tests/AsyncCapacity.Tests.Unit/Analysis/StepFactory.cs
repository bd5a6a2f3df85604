using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Analysis;

/// <summary>Builds raw steps for table-driven analysis tests: a 10 s window after 2 s of warm-up.</summary>
internal static class StepFactory
{
    public const long Start = 1_800_000_000_000;

    public static StepRun Run(
        string variant, int concurrency, long requests, long failed = 0, double p95 = 500, double avg = 0,
        IReadOnlyList<RuntimeSample>? timeline = null, HostCpu? cpu = null)
    {
        // A steady closed loop by default: mean latency = concurrency / throughput.
        var meanMs = avg > 0 ? avg : requests > 0 ? concurrency / (requests / 10.0) * 1000 : 0;
        var latency = requests > 0 ? new Percentiles(meanMs, meanMs * 0.9, meanMs, p95 * 1.2, p95 * 0.95, p95, p95 * 1.1) : null;
        return new StepRun(
            new ProbeSamples(variant, concurrency, Start, Start + 2000, Start + 12_000, requests, failed, latency,
                requests > 0 ? new Percentiles(400, 400, 400, 410, 405, 406, 409) : null),
            timeline ?? [],
            cpu);
    }

    /// <summary>How the steps of a closed HTTP sweep are judged: the SLA given, no gauges.</summary>
    public static ExperimentTerms Terms(Sla sla, LoadModel? model = null, LoadKind? kind = null) =>
        new(sla, model ?? LoadModel.Closed, kind ?? LoadKind.Http, []);

    public static RuntimeSample Sample(long offsetMs, int threads, long queue, double cpu = 5) =>
        new(Start + offsetMs, threads, queue, 1000, 1, cpu, 50_000_000, 5_000_000);
}
