using System.Globalization;
using Microsoft.Diagnostics.Tracing;

namespace AsyncCapacity.Cli.Observe;

/// <summary>A counter's value is its running total, not its rate.</summary>
internal sealed record MeterValue(string Meter, string Instrument, string Tags, double Value);

/// <summary>dotnet/runtime's MetricsEventSource.cs, read as dotnet-counters does.</summary>
internal static class MeterEvents
{
    public const string Provider = "System.Diagnostics.Metrics";

    public const long TimeSeriesValues = 0x2;

    public static bool IsCollectionEnd(TraceEvent data, string sessionId) =>
        data.EventName is "Collection/Stop" or "CollectionStop" && SessionOf(data) == sessionId;

    /// <summary>Counters carry "value", their running total, beside "rate", the interval's rise.</summary>
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

    public static string? ErrorOf(TraceEvent data, string sessionId) => data.EventName switch
    {
        "MultipleSessionsNotSupportedError" or "MultipleSessionsConfiguredIncorrectlyError" when SessionOf(data) != sessionId =>
            "another metrics session (dotnet-counters, dotnet-monitor?) holds the app's meters",
        "ObservableInstrumentCallbackError" or "Error" when SessionOf(data) == sessionId => data.PayloadByName("errorMessage") as string,
        _ => null,
    };

    private static string? SessionOf(TraceEvent data) => data.PayloadByName("sessionId") as string;
}
