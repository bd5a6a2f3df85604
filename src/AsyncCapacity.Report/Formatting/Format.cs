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

    /// <summary>"1 client", "400 clients".</summary>
    public static string Clients(int count) => Count(count) + (count == 1 ? " client" : " clients");

    /// <summary>"1 concurrent client", "400 concurrent clients".</summary>
    public static string ConcurrentClients(int count) => Count(count) + (count == 1 ? " concurrent client" : " concurrent clients");

    /// <summary>A step's load as labels read it: "400 clients" in the closed model, "50 req/s offered" in the open one.</summary>
    public static string Load(int step, bool open) => open ? Count(step) + " req/s offered" : Clients(step);

    /// <summary>As <see cref="Load(int, bool)"/>, "400 concurrent clients" in the closed model.</summary>
    public static string ConcurrentLoad(int step, bool open) => open ? Count(step) + " req/s offered" : ConcurrentClients(step);

    /// <summary>Whether these steps offered arrival rates (the open model) rather than clients.</summary>
    public static bool IsOpenModel(IEnumerable<StepResult> steps) => steps.Any(s => s.OfferedRps is not null);

    /// <summary>Whether the experiment's steps offered arrival rates (the open model) rather than clients.</summary>
    public static bool IsOpenModel(ExperimentResult experiment) => IsOpenModel(experiment.Variants.SelectMany(v => v.Steps));

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
