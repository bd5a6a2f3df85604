using System.Globalization;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// How numbers read in the report: durations in the unit a person would say ("512 ms", "6.2 s", "150 µs"),
/// rates with as many digits as carry meaning, and "–" for anything unknown. Always the invariant culture.
/// </summary>
internal static class Display
{
    public const string Missing = "–";

    /// <summary>
    /// Server time inside the app is often microseconds (9.4 µs, 150 µs), client latency seconds: each reads in its own
    /// unit, with one decimal below 10 of it. report.js's <c>formatMs</c> follows the same steps.
    /// </summary>
    public static string Ms(double? milliseconds) => milliseconds switch
    {
        null => Missing,
        var ms when !double.IsFinite(ms.Value) => Missing,
        < 0.00995 => Number(milliseconds.Value * 1000, "0.#") + " µs",
        < 0.9995 => Number(milliseconds.Value * 1000, "0") + " µs",
        < 10 => Number(milliseconds.Value, "0.#") + " ms",
        < 999.5 => Number(milliseconds.Value, "0") + " ms",
        < 9_950 => Number(milliseconds.Value / 1000, "0.#") + " s",
        _ => Number(milliseconds.Value / 1000, "0") + " s",
    };

    public static string Rps(double requestsPerSecond) => requestsPerSecond switch
    {
        var rps when !double.IsFinite(rps) => Missing,
        < 10 => Number(requestsPerSecond, "0.0#"),
        < 100 => Number(requestsPerSecond, "0.0"),
        _ => Number(requestsPerSecond, "#,0"),
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

    public static string Count(long? count) => count is null ? Missing : Number(count.Value, "#,0");

    public static string Seconds(double seconds) => seconds switch
    {
        var s when !double.IsFinite(s) => Missing,
        >= 120 => Number(seconds / 60, "0.#") + " min",
        _ => Number(seconds, "0.#") + " s",
    };

    public static string Clients(int concurrency) =>
        concurrency == 1 ? "1 concurrent client" : Number(concurrency, "#,0") + " concurrent clients";

    public static string Sla(Sla sla) => $"p95 ≤ {Ms(sla.P95Ms)}, errors ≤ {Fraction(sla.MaxErrorRate)}";

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
