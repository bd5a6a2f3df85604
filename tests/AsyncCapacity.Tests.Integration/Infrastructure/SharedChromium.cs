using Microsoft.Playwright;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>One headless Chromium for a test class (a launch takes seconds); each test opens its own page in it.</summary>
public sealed class SharedChromium : IAsyncLifetime
{
    private IPlaywright? _playwright;

    public IBrowser Browser { get; private set; } = null!;

    public async Task InitializeAsync() => (_playwright, Browser) = await Chromium.LaunchAsync();

    public async Task DisposeAsync()
    {
        if (Browser is not null)
        {
            await Browser.DisposeAsync();
        }

        _playwright?.Dispose();
    }
}
