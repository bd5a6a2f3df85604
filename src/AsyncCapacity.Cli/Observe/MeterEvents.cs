using System.Globalization;
using Microsoft.Diagnostics.Tracing;

namespace AsyncCapacity.Cli.Observe;

/// <summary>One instrument's value in one collection: a gauge's last value, a counter's running total (not its rate).</summary>
internal sealed record MeterValue(string Meter, string Instrument, string Tags, double Value);

/// <summary>The events of the System.Diagnostics.Metrics provider (dotnet/runtime MetricsEventSource.cs, read as dotnet-counters does):
/// CollectionStart and CollectionStop frame each interval, one *Published event per instrument and tag set between them.</summary>
internal static class MeterEvents
{
    public const string Provider = "System.Diagnostics.Metrics";

    /// <summary>Keyword TimeSeriesValues: the values collected every refresh interval.</summary>
    public const long TimeSeriesValues = 0x2;

    /// <summary>TraceEvent names it by its opcode: "Collection/Stop".</summary>
    public static bool IsCollectionEnd(TraceEvent data, string sessionId) =>
        data.EventName is "Collection/Stop" or "CollectionStop" && SessionOf(data) == sessionId;

    /// <summary>The value an event carries for this session; null for other events, other sessions or an interval without a measurement (an
    /// empty value). Counters carry "value", their running total, beside "rate", the interval's rise.</summary>
    public static MeterValue? ValueOf(TraceEvent data, string sessionId)
    {
        var field = data.EventName switch
        {
            "GaugeValuePublished" => "lastValue",
            "CounterRateValuePublished" or "UpDownCounterRateValuePublished" => "value",
            _ => null,
        };
        if (field is null || SessionOf(data) != sessionId
            || !double.TryParse(data.PayloadByName(field) as string, NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            return null;
        }

        return new MeterValue(
            data.PayloadByName("meterName") as string ?? "", data.PayloadByName("instrumentName") as string ?? "",
            data.PayloadByName("tags") as string ?? "", value);
    }

    /// <summary>An error the provider reports for this session (another session holds the meters; a callback threw), or null.</summary>
    public static string? ErrorOf(TraceEvent data, string sessionId) => data.EventName switch
    {
        "MultipleSessionsNotSupportedError" or "MultipleSessionsConfiguredIncorrectlyError" when SessionOf(data) != sessionId =>
            "another metrics session (dotnet-counters, dotnet-monitor?) holds the app's meters",
        "ObservableInstrumentCallbackError" or "Error" when SessionOf(data) == sessionId => data.PayloadByName("errorMessage") as string,
        _ => null,
    };

    private static string? SessionOf(TraceEvent data) => data.PayloadByName("sessionId") as string;
}
