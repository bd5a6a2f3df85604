using System.Globalization;
using System.Text.Json;

namespace AsyncCapacity.Cli.Live;

/// <summary>What exporting metrics costs the lab's app, as bench/otel.sh last measured it on a saturated /hello (the bench
/// rewrites export-cost.json, embedded here): a --live report says it, since a watched app is not quite the unwatched one.</summary>
/// <param name="Ratio">Throughput with export on ÷ off: the lower of the bench's two readings (the medians' ratio, the
/// rounds' median ratio).</param>
internal sealed record ExportCost(double Ratio, string Measured, string Command, string Load)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    public static ExportCost Recorded { get; } = Read();

    public string Sentence => string.Create(CultureInfo.InvariantCulture,
        $"export measured at {Ratio:0.00}× the lab's app's throughput without it ({Load}, saturated; `{Command}`, {Measured})");

    private static ExportCost Read()
    {
        using var stream = typeof(ExportCost).Assembly.GetManifestResourceStream("export-cost.json")!;
        return JsonSerializer.Deserialize<ExportCost>(stream, Json)!;
    }
}
