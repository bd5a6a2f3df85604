namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// The header's value, <c>app;dur=&lt;ms&gt;</c>, written as a custom format string "0.###" would write it, but by integer
/// arithmetic into one string: this runs on every response, and parsing a format string each time cost the saturated
/// /hello a few percent (bench/pipeline.sh).
/// </summary>
internal static class ServerTimingValue
{
    public const string HeaderName = "Server-Timing";

    private const string Prefix = "app;dur=";

    public static string Of(TimeSpan elapsed)
    {
        // TimeSpan ticks are 100 ns: round to whole microseconds, half away from zero, as "0.###" rounds milliseconds.
        var micros = (Math.Max(0, elapsed.Ticks) + 5) / 10;
        var (whole, fraction) = Math.DivRem(micros, 1000);
        Span<char> value = stackalloc char[Prefix.Length + 24];
        Prefix.CopyTo(value);
        whole.TryFormat(value[Prefix.Length..], out var written, provider: System.Globalization.CultureInfo.InvariantCulture);
        var length = Prefix.Length + written;
        if (fraction != 0)
        {
            value[length] = '.';
            value[length + 1] = (char)('0' + (fraction / 100));
            value[length + 2] = (char)('0' + (fraction / 10 % 10));
            value[length + 3] = (char)('0' + (fraction % 10));
            length += 4;
            while (value[length - 1] == '0')
            {
                length--;
            }
        }

        return new string(value[..length]);
    }
}
