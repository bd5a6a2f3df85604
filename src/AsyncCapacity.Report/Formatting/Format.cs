using System.Globalization;

namespace AsyncCapacity.Report.Formatting;

/// <summary>One place for every number, so that 999.7 ms cannot read "1000 ms" in one sentence and "1 s" in the next.</summary>
public static class Format
{
    public const string Missing = "–";

    /// <summary>Server time is often µs, client latency s: each in its own unit; the bounds are where rounding carries over.</summary>
    public static string Duration(double? milliseconds) => milliseconds switch
    {
        null => Missing,
        var ms when !double.IsFinite(ms.Value) => Missing,
        < 0.00995 => Number(milliseconds.Value * 1000, "0.#") + " µs",
        < 0.9995 => Number(milliseconds.Value * 1000, "0") + " µs",
        < 9.995 => Number(milliseconds.Value, "0.#") + " ms",
        < 999.5 => Number(milliseconds.Value, "0") + " ms",
        < 9_950 => Number(milliseconds.Value / 1000, "0.#") + " s",
        _ => Number(milliseconds.Value / 1000, "0") + " s",
    };

    /// <summary>Requests per second: "4.25", "54.6", "1,620".</summary>
    public static string Rps(double? requestsPerSecond) => requestsPerSecond switch
    {
        null => Missing,
        var rps when !double.IsFinite(rps.Value) => Missing,
        < 10 => Number(requestsPerSecond.Value, "0.0#"),
        < 100 => Number(requestsPerSecond.Value, "0.0"),
        _ => Number(requestsPerSecond.Value, "#,0"),
    };

    public static string Fraction(double fraction) => Percent(fraction * 100);

    public static string Percent(double? percent) => percent switch
    {
        null => Missing,
        var p when !double.IsFinite(p.Value) => Missing,
        0 => "0%",
        < 1 => Number(percent.Value, "0.0#") + "%",
        < 10 => Number(percent.Value, "0.#") + "%",
        _ => Number(percent.Value, "0") + "%",
    };

    public static string Count(double? count) =>
        count is { } n && double.IsFinite(n) ? Number(Math.Round(n, MidpointRounding.AwayFromZero), "#,0") : Missing;

    /// <summary>An axis value may be fractional (0.5 req/s).</summary>
    public static string Number(double value) => double.IsFinite(value) ? Number(value, "#,0.##") : Missing;

    /// <summary>How many times: "2.3" below ten, "14" above (a ratio of two measured figures has no more digits than they do).</summary>
    public static string Ratio(double ratio) => double.IsFinite(ratio) ? Number(ratio, ratio < 9.95 ? "0.0" : "#,0") : Missing;

    public static string Seconds(double seconds) => seconds switch
    {
        var s when !double.IsFinite(s) => Missing,
        >= 120 => Number(seconds / 60, "0.#") + " min",
        _ => Number(seconds, "0.#") + " s",
    };

    /// <summary>A coarse clock (Date.now() in whole ms) reads in its resolution: "&lt; 1 ms", not "0 µs"; "3 ms", not "2.7 ms".</summary>
    public static string Latency(double? milliseconds, double resolutionMs) => milliseconds switch
    {
        _ when resolutionMs <= 0 => Duration(milliseconds),
        null => Missing,
        var ms when !double.IsFinite(ms.Value) => Missing,
        var ms when ms < resolutionMs => "< " + Duration(resolutionMs),
        var ms => Duration(Math.Round(ms.Value / resolutionMs) * resolutionMs),
    };

    /// <summary>Enough digits to see which side of the limit it is: 1,024 ms against 1 s reads "1,024 ms", not "1 s".</summary>
    public static string Against(double? milliseconds, double limitMs)
    {
        var text = Duration(milliseconds);
        if (milliseconds is not { } ms || !double.IsFinite(ms) || ms == limitMs || text != Duration(limitMs))
        {
            return text;
        }

        for (var decimals = 0; decimals <= 3; decimals++)
        {
            var format = decimals == 0 ? "#,0" : "#,0." + new string('0', decimals);
            if (Number(ms, format) != Number(limitMs, format))
            {
                return Number(ms, format) + " ms";
            }
        }

        return Number(ms, "#,0.###") + " ms";
    }

    /// <summary>"a", "a and b", "a, b and c".</summary>
    public static string And(IEnumerable<string> items)
    {
        var list = items.ToList();
        return list.Count < 2 ? string.Concat(list) : string.Join(", ", list.Take(list.Count - 1)) + " and " + list[^1];
    }

    public static string Sla(Sla sla) => $"p95 ≤ {Duration(sla.P95Ms)}, errors ≤ {Fraction(sla.MaxErrorRate)}";

    public static string Utc(DateTimeOffset at) =>
        at.ToUniversalTime().ToString("yyyy-MM-dd HH:mm 'UTC'", CultureInfo.InvariantCulture);

    /// <summary>"2025-11-20 14:02 → 14:10 UTC", with the end's date only when it differs.</summary>
    public static string UtcRange(DateTimeOffset from, DateTimeOffset to)
    {
        var sameDay = from.UtcDateTime.Date == to.UtcDateTime.Date;
        var end = to.ToUniversalTime().ToString(sameDay ? "HH:mm" : "yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture);
        return $"{from.ToUniversalTime().ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} → {end} UTC";
    }

    private static string Number(double value, string format) => value.ToString(format, CultureInfo.InvariantCulture);
}
