namespace AsyncCapacity.Report.Assets;

/// <summary>The files inlined into every report (the csproj's EmbeddedResource items), read once.</summary>
internal static class EmbeddedAssets
{
    private static readonly Lazy<string> LazyChartJs = new(() => Read("chart.umd.min.js"));
    private static readonly Lazy<string> LazyCss = new(() => Read("report.css"));
    private static readonly Lazy<string> LazyScript = new(() => Read("report.js"));

    /// <summary>Chart.js 4.6.1 (MIT), vendored so that the report opens offline.</summary>
    public static string ChartJs => LazyChartJs.Value;

    public static string Css => LazyCss.Value;

    public static string Script => LazyScript.Value;

    public static string Read(string name)
    {
        var assembly = typeof(EmbeddedAssets).Assembly;
        using var stream = assembly.GetManifestResourceStream(name)
            ?? throw new InvalidOperationException($"Embedded resource '{name}' is missing from {assembly.GetName().Name}.");
        using var reader = new StreamReader(stream);
        var text = reader.ReadToEnd();

        // Inlined verbatim into <script>/<style>: a closing tag inside would end the element early.
        if (text.Contains("</script", StringComparison.OrdinalIgnoreCase)
            || text.Contains("</style", StringComparison.OrdinalIgnoreCase))
        {
            throw new InvalidOperationException($"Embedded resource '{name}' contains a closing script or style tag.");
        }

        return text;
    }
}
