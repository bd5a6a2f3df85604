using Microsoft.Playwright;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// A report opened in headless Chromium as a reader would open it (file://), with every console error, page error
/// and network request it makes collected: a self-contained report makes none.
/// </summary>
internal sealed class ReportInBrowser : IAsyncDisposable
{
    private readonly SharedChromium? _own;
    private readonly List<string> _problems = [];

    private ReportInBrowser(SharedChromium? own, IPage page)
    {
        _own = own;
        Page = page;
    }

    public IPage Page { get; }

    public IReadOnlyList<string> Problems => _problems;

    /// <summary>The report in a Chromium of its own, stopped with it.</summary>
    public static async Task<ReportInBrowser> OpenAsync(string htmlPath, int width = 1400)
    {
        var own = new SharedChromium();
        try
        {
            await own.InitializeAsync();
            return await OpenAsync(own.Browser, htmlPath, width, own);
        }
        catch
        {
            await own.DisposeAsync();
            throw;
        }
    }

    /// <summary>The report in a page of a Chromium the test class shares; the page is closed with it.</summary>
    public static Task<ReportInBrowser> OpenAsync(SharedChromium chromium, string htmlPath, int width = 1400) =>
        OpenAsync(chromium.Browser, htmlPath, width, own: null);

    private static async Task<ReportInBrowser> OpenAsync(IBrowser browser, string htmlPath, int width, SharedChromium? own)
    {
        var page = await browser.NewPageAsync(
            new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = width, Height = 1000 } });
        var report = new ReportInBrowser(own, page);
        page.Console += (_, message) =>
        {
            if (message.Type is "error" or "warning")
            {
                report._problems.Add($"console {message.Type}: {message.Text}");
            }
        };
        page.PageError += (_, error) => report._problems.Add($"page error: {error}");
        page.RequestFailed += (_, request) => report._problems.Add($"request failed: {request.Url}");
        page.Request += (_, request) =>
        {
            if (!request.Url.StartsWith("file://", StringComparison.Ordinal) && !request.Url.StartsWith("data:", StringComparison.Ordinal))
            {
                report._problems.Add($"network request from a self-contained report: {request.Url}");
            }
        };

        // A self-contained page makes no request to wait for (the Request handler above catches any): "network idle" would only
        // time how busy the machine is, so the page is ready once loaded and its scripts have drawn a frame. Generous timeouts: a
        // loaded 2-core CI machine is slow, never wrong.
        await page.GotoAsync(new Uri(htmlPath).AbsoluteUri, new PageGotoOptions { WaitUntil = WaitUntilState.Load, Timeout = 120_000 });
        await page.EvaluateAsync("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))");
        return report;
    }

    /// <summary>How many non-transparent pixels each chart canvas holds: a drawn chart has thousands.</summary>
    public Task<int[]> PaintedPixelsPerCanvasAsync() => Page.EvaluateAsync<int[]>("""
        () => [...document.querySelectorAll('canvas')].map(c => {
          const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
          return n;
        })
        """);

    /// <summary>
    /// The tables wider than the box that holds them (cut off, or scrolled sideways inside it), each as "id: table
    /// px > box px"; and the page itself, when it is wider than the window.
    /// </summary>
    public Task<string[]> OverflowsAsync() => Page.EvaluateAsync<string[]>("""
        () => {
          const found = [...document.querySelectorAll('table')].flatMap(t => {
            const box = t.closest('.table-wrap') || t.parentElement;
            const table = Math.ceil(t.getBoundingClientRect().width);
            return table > box.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1
              ? [`${t.id || t.className}: table ${table} px > box ${box.clientWidth} px`] : [];
          });
          const page = document.documentElement;
          return page.scrollWidth > window.innerWidth ? [...found, `page: ${page.scrollWidth} px > window ${window.innerWidth} px`] : found;
        }
        """);

    public async ValueTask DisposeAsync()
    {
        await Page.CloseAsync();
        if (_own is not null)
        {
            await _own.DisposeAsync();
        }
    }
}
