using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Whether a capacity was measured or is a bound, and beside a bound what the app alone would serve: one wording for the
/// card, the CLI and compare.</summary>
public static class LimitText
{
    /// <summary>
    /// "measured: the app was the limit at the knee (its CPU at 96% of its 0.25 CPUs; k6 at 54% of its 1.75)", or "a bound: k6
    /// was the limit (…); the app alone on 2 CPUs: about 5,797–17,391 clients, up to 17,391 req/s (D = 115 µs of CPU per request,
    /// 90%: 98–131 µs, from 5 probes)"; null for a run that did not record it.
    /// </summary>
    public static string? Of(Capacity capacity, LoadModel model, string rateUnit)
    {
        if (capacity.Limit is not { } limit)
        {
            return null;
        }

        var k6 = limit.LoadGeneratorPercent is { } busy
            ? $"k6 at {Format.Percent(busy)} of its {Cpus(limit.LoadGeneratorCpus)}"
            : "k6's CPU not recorded";
        var text = limit.Side switch
        {
            LimitSide.App when limit.Resource is { } resource =>
                $"measured: the app was the limit at the knee ({resource.Name} full; {k6})",
            LimitSide.App => $"measured: the app was the limit at the knee (its CPU at {Format.Percent(limit.AppCpuPercent)} of what "
                + $"it may use; {k6})",
            // Below 80% of its CPUs k6 was the limit by sharing a busy machine (the search's rule), not by running out of its own.
            LimitSide.LoadGenerator when limit.LoadGeneratorPercent < CapacityLimit.LoadGeneratorBusyPercent =>
                $"a bound: the load generator was the limit, sharing a busy machine with the app ({k6} at the knee, the app's "
                + $"CPU at {Format.Percent(limit.AppCpuPercent)} of what it may use)",
            LimitSide.LoadGenerator => $"a bound: the load generator was the limit ({k6} at the knee, the app's CPU at "
                + $"{Format.Percent(limit.AppCpuPercent)} of what it may use)",
            LimitSide.Search => "a bound: the search stopped below the knee",
            _ => $"a bound: at the knee neither the app's CPU ({Format.Percent(limit.AppCpuPercent)} of what it may use) nor a held "
                + $"resource was full, nor k6 busy ({k6}): the machine's other work, the kernel or the network stack set it",
        };
        return capacity.AppAlone is { } alone && !limit.Measured ? $"{text}; {Alone(alone, model, rateUnit)}" : text;
    }

    /// <summary>"the app alone on 2 CPUs: about 5,797–17,391 clients, up to 17,391 req/s (D = 115 µs …, from 5 probes)".</summary>
    public static string Alone(AppAlone alone, LoadModel model, string rateUnit)
    {
        var load = alone.MeanLoad > alone.Load ? $"{Format.Count(alone.Load)}–{model.Load(alone.MeanLoad)}" : model.Load(alone.Load);
        var rate = alone.MaxRpsHigh > alone.MaxRpsLow
            ? $"{Format.Rps(alone.MaxRpsLow)}–{Format.Rps(alone.MaxRpsHigh)}"
            : Format.Rps(alone.MaxRps);
        return $"the app alone on {Cpus(alone.Cpus)}: about {load}, up to {Format.Rps(alone.MaxRps)} {rateUnit} (90%: {rate}; "
            + $"D = {Format.Duration(alone.DemandSeconds * 1000)} of CPU per request, 90%: "
            + $"{Format.Duration(alone.DemandLowSeconds * 1000)}–{Format.Duration(alone.DemandHighSeconds * 1000)}, "
            + $"{From(alone)}; a prediction, not a measurement)";
    }

    /// <summary>"at 4 fixed rates below saturation, 300–600 req/s" (--demand), or "from 5 probes below saturation" (the
    /// search's).</summary>
    private static string From(AppAlone alone) => alone.Rates is { Count: > 0 } rates
        ? $"at {alone.Probes} fixed rates below saturation, "
            + $"{Format.Rps(rates.Min())}–{Format.Rps(rates.Max())} req/s"
        : $"from {alone.Probes} probes below saturation";

    private static string Cpus(double cpus) => $"{Format.Number(cpus)} {(cpus == 1 ? "CPU" : "CPUs")}";
}
