using AsyncCapacity.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;

namespace AsyncCapacity.Tests.Content;

/// <summary>
/// The app with Content:Directory in a fresh temp folder of its own (<see cref="Folder"/>/content), so a test can put
/// files beside the content root and change what is inside it. Disposing stops the app and deletes the folder.
/// </summary>
internal sealed class ContentSandbox : IAsyncDisposable
{
    private readonly WebApplication _app;

    private ContentSandbox(string folder, WebApplication app)
    {
        Folder = folder;
        _app = app;
        Client = new HttpClient { BaseAddress = AppHostFixture.Address(app) };
    }

    /// <summary>The parent of the content root: outside what the app may serve.</summary>
    public string Folder { get; }

    public string Root => Path.Combine(Folder, "content");

    public HttpClient Client { get; }

    public static async Task<ContentSandbox> StartAsync()
    {
        var folder = Directory.CreateTempSubdirectory("asynccapacity-content-test-").FullName;
        var settings = AppHostFixture.DefaultSettings();
        settings["Content:Directory"] = Path.Combine(folder, "content");
        var app = AppHostFixture.Build(settings);
        try
        {
            await app.StartAsync();
        }
        catch
        {
            await app.DisposeAsync();
            Directory.Delete(folder, recursive: true);
            throw;
        }

        return new ContentSandbox(folder, app);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
        Directory.Delete(Folder, recursive: true);
    }
}
