using System.Net.Http.Json;

namespace AsyncCapacity.Cli.Targets;

/// <summary>Talks to the app's diagnostics: liveness, and the runtime timeline the report plots.</summary>
internal sealed class AppClient(Uri baseUrl)
{
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(30) };

    public async Task<bool> IsHealthyAsync(CancellationToken cancellationToken)
    {
        try
        {
            using var response = await Http.GetAsync(new Uri(baseUrl, "/healthz"), cancellationToken);
            return response.IsSuccessStatusCode;
        }
        catch (HttpRequestException)
        {
            return false;
        }
        catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return false;
        }
    }

    /// <summary>Whether a user's app answers its readiness path: any HTTP answer below 500 means it is serving.</summary>
    public async Task<bool> AnswersAsync(string path, CancellationToken cancellationToken)
    {
        try
        {
            using var response = await Http.GetAsync(new Uri(baseUrl, path), cancellationToken);
            return (int)response.StatusCode < 500;
        }
        catch (HttpRequestException)
        {
            return false;
        }
        catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return false;
        }
    }

    public async Task WaitHealthyAsync(TimeSpan timeout, CancellationToken cancellationToken)
    {
        var deadline = DateTime.UtcNow + timeout;
        while (!await IsHealthyAsync(cancellationToken))
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new HarnessException($"{baseUrl} did not answer /healthz within {timeout.TotalSeconds:0} s.");
            }

            await Task.Delay(200, cancellationToken);
        }
    }

    /// <summary>The runtime report, or null when the target has no /diag/runtime (it is not this lab's app).</summary>
    public async Task<RuntimeReport?> GetRuntimeAsync(long? fromMs, CancellationToken cancellationToken)
    {
        var path = fromMs is { } from ? $"/diag/runtime?from={Math.Max(0, from)}" : "/diag/runtime";
        try
        {
            return await Http.GetFromJsonAsync<RuntimeReport>(new Uri(baseUrl, path), WireJson.Options, cancellationToken);
        }
        catch (Exception ex) when (ex is HttpRequestException or System.Text.Json.JsonException
            || (ex is TaskCanceledException && !cancellationToken.IsCancellationRequested))
        {
            return null;
        }
    }

    /// <summary>Sends one request as the sweep would; returns null when it succeeds, else the app's reason.</summary>
    public async Task<string?> ProbeAsync(
        string method, string pathAndQuery, ProbeRequest request, CancellationToken cancellationToken)
    {
        using var message = new HttpRequestMessage(new HttpMethod(method), new Uri(baseUrl, pathAndQuery));
        if (request.Body is not null)
        {
            message.Content = new StringContent(request.Body, System.Text.Encoding.UTF8,
                System.Net.Http.Headers.MediaTypeHeaderValue.Parse(request.ContentType ?? "application/json"));
        }

        // The declaration's headers, as k6 sends them (an API key the app may demand).
        foreach (var (name, value) in request.Headers)
        {
            if (!message.Headers.TryAddWithoutValidation(name, value))
            {
                message.Content?.Headers.TryAddWithoutValidation(name, value);
            }
        }

        using var response = await Http.SendAsync(message, cancellationToken);
        if (response.IsSuccessStatusCode)
        {
            return null;
        }

        var body = await response.Content.ReadAsStringAsync(cancellationToken);
        return $"{(int)response.StatusCode} {response.ReasonPhrase}: {body}";
    }
}
