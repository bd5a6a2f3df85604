using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>A held load's figures (--sustain), by the names a query gives them: "hold-caught-up at 20" (the second from which every
/// later second met the SLA, or "never"), "hold-threads at 20", "second-threads at 20 30" (the pool's threads in second 30).</summary>
public static class HeldFigures
{
    private const string Never = "never";

    /// <summary>The figure's text; <paramref name="words"/> is what follows the field: "at N", and for a second's figure "at N S".
    /// </summary>
    public static string Of(string field, IReadOnlyList<string> words, VariantResult variant)
    {
        var hold = Hold(words, variant);
        if (field.StartsWith("second-", StringComparison.Ordinal))
        {
            if (words.Count != 3 || !int.TryParse(words[2], out var at))
            {
                throw new DocsException("a second's figure names its load and second: at N S");
            }

            var second = hold.Seconds.FirstOrDefault(s => s.Second == at) ?? throw new DocsException($"the held load has no second {at}");
            var (value, unit) = field switch
            {
                "second-threads" => (second.PoolThreads, FigureUnit.Count),
                "second-p95" => (second.P95Ms, FigureUnit.Milliseconds),
                "second-memory" => ((double?)second.WorkingSetMb, FigureUnit.Megabytes),
                _ => throw new DocsException($"no field '{field}' of a held second"),
            };
            return value is { } v ? FigureText.Of(v, unit) : throw new DocsException($"second {at} has no {field}");
        }

        if (words.Count != 2)
        {
            throw new DocsException($"'{string.Join(' ', words.Skip(2))}' is not a filter of a held load");
        }

        return field switch
        {
            "hold-caught-up" => hold.CaughtUpAt is { } at ? FigureText.Of(at, FigureUnit.Seconds) : Never,
            "hold-first-served" => hold.Seconds.FirstOrDefault(s => s.Requests > 0) is { } first
                ? FigureText.Of(first.Second, FigureUnit.Seconds) : Never,
            "hold-forecast" => hold.Forecast?.CaughtUpAt is { } forecast ? FigureText.Of(forecast, FigureUnit.Seconds) : Never,
            _ => Measured(field, hold),
        };
    }

    /// <summary>Where the figure rests on a hold the machine's CPU bound.</summary>
    public static bool Flagged(IReadOnlyList<string> words, VariantResult variant) => FlagReach.Undermines(Hold(words, variant));

    private static string Measured(string field, SustainedHold hold)
    {
        var (value, unit) = field switch
        {
            "hold-seconds" => (hold.HeldSeconds, FigureUnit.Seconds),
            "hold-threads" => (hold.Cost?.PoolThreads, FigureUnit.Count),
            "hold-memory" => (hold.Cost?.WorkingSetMb, FigureUnit.Megabytes),
            "hold-cpu" => (hold.Cost?.CpuPercent, FigureUnit.Percent),
            "hold-machine-cpu" => (hold.MachineCpuPercent, FigureUnit.Percent),
            "hold-k6-cpu" => (hold.LoadGeneratorCpuPercent, FigureUnit.Percent),
            "hold-needed" => ((double?)hold.Forecast?.ThreadsNeeded, FigureUnit.Count),
            _ => throw new DocsException($"no field '{field}' of a held load"),
        };
        return value is { } v ? FigureText.Of(v, unit) : throw new DocsException($"the held load has no {field}");
    }

    private static SustainedHold Hold(IReadOnlyList<string> words, VariantResult variant)
    {
        if (words.Count < 2 || words[0] != "at" || !FigureQuery.TryLoad(words[1], out var load))
        {
            throw new DocsException("a held load's figure names its load: at N");
        }

        return variant.Sustained?.Holds.FirstOrDefault(h => h.Concurrency == load)
            ?? throw new DocsException($"no load of {load} was held");
    }
}
