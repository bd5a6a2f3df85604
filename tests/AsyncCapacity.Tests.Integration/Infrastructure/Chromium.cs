using Microsoft.Playwright;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>Debian's Chromium driven by Playwright: the browser a user opens the report in, headless.</summary>
internal static class Chromium
{
    public const string ExecutablePath = "/usr/bin/chromium";

    public static async Task<(IPlaywright Playwright, IBrowser Browser)> LaunchAsync()
    {
        Assert.True(File.Exists(ExecutablePath),
            $"{ExecutablePath} is missing: install it with `apt-get install chromium` (.ci/run does).");
        var playwright = await Playwright.CreateAsync();
        var browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
        {
            ExecutablePath = ExecutablePath,
            Headless = true,
            // No network here: keep Chromium from calling home, which this machine refuses.
            Args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"],
        });
        return (playwright, browser);
    }
}
