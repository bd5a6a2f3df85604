using System.Net.Http.Json;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// The app as a process of its own (<see cref="AppProcess"/>) on a loopback port it picks and announces, with a client
/// for it: a fresh thread pool that no test shares, and a process other tools can attach to (its stacks, its events).
/// </summary>
internal sealed class AppUnderLoad : IAsyncDisposable
{
    private readonly AppProcess _app;

    private AppUnderLoad(AppProcess app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
        Client = new HttpClient { BaseAddress = baseAddress, Timeout = TimeSpan.FromSeconds(60) };
    }

    public int Id => _app.Id;

    public Uri BaseAddress { get; }

    public HttpClient Client { get; }

    /// <summary>Starts the built app from its own folder on a free loopback port;
    /// what it printed goes to the test's output when it fails to start.</summary>
    public static async Task<AppUnderLoad> StartAsync(Xunit.Abstractions.ITestOutputHelper log,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        var app = AppProcess.Start(AppContext.BaseDirectory,
            environment ?? new Dictionary<string, string>(), "--urls", "http://127.0.0.1:0");
        try
        {
            return new AppUnderLoad(app, await app.ListeningAsync());
        }
        catch
        {
            log.WriteLine(string.Join(Environment.NewLine, app.Output.Concat(app.Errors)));
            await app.DisposeAsync();
            throw;
        }
    }

    /// <summary>/diag/runtime: the reading taken now and the timeline since <paramref name="fromMs"/>.</summary>
    public async Task<RuntimeReport> RuntimeAsync(long fromMs = 0) =>
        (await Client.GetFromJsonAsync<RuntimeReport>($"/diag/runtime?from={fromMs}", WireJson.Options))!;

    public Uri WebSocket(string path) => new UriBuilder(BaseAddress) { Scheme = "ws", Path = path }.Uri;

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.DisposeAsync();
    }
}
