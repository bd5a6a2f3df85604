using System.Globalization;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>
/// How every number of the lab reads, wherever it is printed (the HTML report, its charts' labels and tooltips, the
/// verdict, the CLI's progress line): durations in the unit a person would say ("512 ms", "6.2 s", "150 µs"), rates
/// with as many digits as carry meaning, and "–" for anything unknown. Always the invariant culture. One place, so
/// that 999.7 ms cannot read "1000 ms" in one sentence and "1 s" in the table below it.
/// </summary>
public static class Format
{
    public const string Missing = "–";

    /// <summary>
    /// Server time inside the app is often microseconds (9.4 µs, 150 µs), client latency seconds: each reads in its own
    /// unit, with one decimal below 10 of it. The bounds are where rounding would carry into the next unit.
    /// </summary>
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

    /// <summary>A fraction (0.01) as a percentage ("1%").</summary>
    public static string Fraction(double fraction) => Percent(fraction * 100);

    /// <summary>A value already in percent (34.2) as "34%".</summary>
    public static string Percent(double? percent) => percent switch
    {
        null => Missing,
        var p when !double.IsFinite(p.Value) => Missing,
        0 => "0%",
        < 1 => Number(percent.Value, "0.0#") + "%",
        < 10 => Number(percent.Value, "0.#") + "%",
        _ => Number(percent.Value, "0") + "%",
    };

    /// <summary>Something counted (threads, work items, connections), rounded to a whole: "1,204".</summary>
    public static string Count(double? count) =>
        count is { } n && double.IsFinite(n) ? Number(Math.Round(n, MidpointRounding.AwayFromZero), "#,0") : Missing;

    /// <summary>An axis value that may be fractional (0.5 req/s, 1,500 clients): up to two decimals.</summary>
    public static string Number(double value) => double.IsFinite(value) ? Number(value, "#,0.##") : Missing;

    public static string Seconds(double seconds) => seconds switch
    {
        var s when !double.IsFinite(s) => Missing,
        >= 120 => Number(seconds / 60, "0.#") + " min",
        _ => Number(seconds, "0.#") + " s",
    };

    /// <summary>
    /// A latency measured with a coarse clock (a WebSocket round trip from Date.now(): whole milliseconds) reads in that
    /// resolution: "&lt; 1 ms" rather than "0 µs", "3 ms" rather than "2.7 ms" (a percentile between two ticks).
    /// </summary>
    public static string Latency(double? milliseconds, double resolutionMs) => milliseconds switch
    {
        _ when resolutionMs <= 0 => Duration(milliseconds),
        null => Missing,
        var ms when !double.IsFinite(ms.Value) => Missing,
        var ms when ms < resolutionMs => "< " + Duration(resolutionMs),
        var ms => Duration(Math.Round(ms.Value / resolutionMs) * resolutionMs),
    };

    /// <summary>
    /// A figure judged against a limit, with enough digits to see which side of it it is: 1,024 ms against an SLA of
    /// 1 s reads "1,024 ms", not "1 s"; far from the limit it reads as <see cref="Duration"/> does.
    /// </summary>
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
