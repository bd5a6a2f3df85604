namespace AsyncCapacity.Web.Hosting;

/// <summary>The .NET runtime images ship no curl or wget, so the app probes itself, without starting the web host.</summary>
internal static class HealthProbe
{
    public const string Flag = "--health-probe";

    public const string DefaultUrl = "http://127.0.0.1:8080/healthz";

    // Shorter than the compose healthcheck's timeout (5 s): a slow answer ends with a message, not a kill.
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(3);

    public static bool IsRequested(IReadOnlyList<string> args) => args.Count > 0 && args[0] == Flag;

    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter? output = null)
    {
        output ??= Console.Out;
        var target = args.Count > 1 ? args[1] : DefaultUrl;
        if (!Uri.TryCreate(target, UriKind.Absolute, out var url) || (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps))
        {
            await output.WriteLineAsync($"unhealthy: '{target}' is not an http(s) URL; usage: {Flag} [{DefaultUrl}]");
            return 1;
        }

        using var client = new HttpClient { Timeout = Timeout };
        try
        {
            using var response = await client.GetAsync(url, HttpCompletionOption.ResponseHeadersRead);
            var verdict = response.IsSuccessStatusCode ? "healthy" : "unhealthy";
            await output.WriteLineAsync($"{verdict}: GET {url} answered {(int)response.StatusCode} {response.ReasonPhrase}");
            return response.IsSuccessStatusCode ? 0 : 1;
        }
        catch (HttpRequestException ex)
        {
            await output.WriteLineAsync($"unhealthy: GET {url} failed: {ex.Message}");
            return 1;
        }
        catch (TaskCanceledException)
        {
            await output.WriteLineAsync($"unhealthy: GET {url} did not answer within {Timeout.TotalSeconds:0} s");
            return 1;
        }
    }
}
