using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Json;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Tests.Live;

/// <summary>The dashboard a `capacity sweep --live keep` left up, as its console line names it: its login URL (with the token),
/// its process, and what it holds through its API (the token is also its API key). Disposing stops it.</summary>
internal sealed partial class KeptDashboard : IDisposable
{
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(10) };

    private KeptDashboard(Uri login, int processId) => (Login, ProcessId) = (login, processId);

    public Uri Login { get; }

    public int ProcessId { get; }

    public Uri Url => new(Login.GetLeftPart(UriPartial.Authority) + "/");

    public string Token => Login.Query["?t=".Length..];

    /// <summary>The dashboard the console says was kept, or null when it says none was.</summary>
    public static KeptDashboard? From(string console) => KeptLine().Match(console) is { Success: true } kept
        ? new KeptDashboard(new Uri(kept.Groups["url"].Value), int.Parse(kept.Groups["pid"].Value, CultureInfo.InvariantCulture))
        : null;

    public async Task<Resource[]> ResourcesAsync()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(Url, "/api/telemetry/resources"))
        {
            Headers = { { "x-api-key", Token } },
        };
        using var answer = await Http.SendAsync(request);
        answer.EnsureSuccessStatusCode();
        return await answer.Content.ReadFromJsonAsync<Resource[]>() ?? [];
    }

    public async Task<HttpResponseMessage> AnonymousAsync(string path) => await Http.GetAsync(new Uri(Url, path));

    public void Dispose()
    {
        try
        {
            using var process = Process.GetProcessById(ProcessId);
            process.Kill();
        }
        catch (ArgumentException)
        {
            // Already gone.
        }
    }

    [GeneratedRegex(@"the Aspire dashboard stays up at (?<url>\S+) \(process (?<pid>\d+);")]
    private static partial Regex KeptLine();

    internal sealed record Resource(string Name, string InstanceId, bool HasMetrics);
}
