namespace AsyncCapacity.Cli.Options;

/// <summary>`--live`: start the Aspire dashboard for the sweep (and stop it after, unless <see cref="Keep"/>), or send to an OTLP endpoint
/// the user already runs (<see cref="Endpoint"/>).</summary>
internal sealed record LiveChoice(Uri? Endpoint, bool Keep)
{
    public const string Usage =
        "--live takes nothing (start the Aspire dashboard for the sweep), keep (leave it up afterwards) or the URL of an "
        + "OTLP endpoint you run, such as http://127.0.0.1:4317";

    public bool StartsDashboard => Endpoint is null;

    public static LiveChoice? Parse(string? token) => token switch
    {
        null or "" => new LiveChoice(null, Keep: false),
        "keep" => new LiveChoice(null, Keep: true),
        _ when Uri.TryCreate(token, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https" => new LiveChoice(uri, Keep: false),
        _ => null,
    };
}
