using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>`capacity sweep --baseline`: the lab's app and bench/MinimalApp in alternating rounds, so that drift on a shared machine falls
/// on both.</summary>
internal static class InstrumentBaseline
{
    private const int Clients = BaselineSize.Clients;

    private const int Rounds = BaselineSize.Rounds;

    public static async Task<InstrumentOverhead> MeasureAsync(
        RepositoryLayout layout, SweepRequest request, FreshApps apps, ILoadGenerator load, HostCpuSampler cpu, string rawDirectory,
        ConsoleProgress progress, CancellationToken cancellationToken)
    {
        progress.Info($"Baseline: the app's /hello against bench/MinimalApp's, {Clients} clients, {Rounds} alternating rounds "
            + $"(about {BaselineSize.Duration(request).TotalMinutes:0.#} min).");
        if (layout.HasSources)
        {
            await WebApp.BuildMinimalAsync(layout, rawDirectory, cancellationToken);
        }

        var rps = new Dictionary<string, List<double>> { ["minimal"] = [], ["app"] = [] };
        var loadGeneratorCpu = new List<double>();
        for (var round = 1; round <= Rounds; round++)
        {
            foreach (var (name, measured) in rps)
            {
                var label = $"baseline-{name}-r{round}";
                await using var app = name == "minimal"
                    ? await WebApp.StartMinimalAsync(
                        layout, Path.Combine(rawDirectory, $"{label}-app.log"), cancellationToken, request.Isolation?.AppCpus, apps.Quota)
                    : await apps.StartBaselineAsync(label, cancellationToken);
                var result = await load.RunBaselineAsync(new BaselineSpec(app.Url, Clients, request.WarmupSeconds, request.StepSeconds,
                    Path.Combine(rawDirectory, label), request.Isolation?.LoadGeneratorCpus), pid => cpu.Track([pid]), cancellationToken);
                measured.Add(result.Rps);
                if (cpu.Window(result.MeasureFromMs, result.MeasureToMs) is { } window)
                {
                    loadGeneratorCpu.Add(window.LoadGeneratorPercent);
                }

                progress.Info($"  round {round}/{Rounds} {name,-7} {result.Rps,9:#,0} req/s   "
                    + $"p95 {result.P95Ms,6:0.0} ms   errors {result.ErrorRate:0.0%}");
            }
        }

        var (appRps, minimalRps) = (rps["app"].Median(), rps["minimal"].Median());
        return new InstrumentOverhead("/hello", Clients, request.StepSeconds, Rounds, Math.Round(appRps, 1), Math.Round(minimalRps, 1),
            Math.Round(appRps / minimalRps, 3), loadGeneratorCpu.Count > 0 ? Math.Round(loadGeneratorCpu.Average(), 1) : null);
    }
}
