using AsyncCapacity.Web.Gauges;
using Microsoft.AspNetCore.Http.Features;

namespace AsyncCapacity.Web.WebSockets;

public static class WebSocketExtensions
{
    public static WebApplicationBuilder AddWebSocketEcho(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<EchoSessions>();
        builder.Services.AddSingleton<IGaugeSource>(services => services.GetRequiredService<EchoSessions>());
        return builder;
    }

    /// <summary>
    /// The WebSocket middleware on requests that ask to upgrade only: on any other it would make and attach a handshake
    /// that nothing reads (bench/pipeline.sh measures what that costs /hello). HTTP/1.1's Upgrade, as k6 and browsers send
    /// it: an HTTP/2 extended CONNECT never reached the echo, whose routes take GET.
    /// </summary>
    public static IApplicationBuilder UseWebSocketUpgrades(this IApplicationBuilder app) =>
        app.UseWhen(AsksToUpgrade, upgrades => upgrades.UseWebSockets());

    private static bool AsksToUpgrade(HttpContext context) =>
        context.Features.Get<IHttpUpgradeFeature>()?.IsUpgradableRequest == true;
}
