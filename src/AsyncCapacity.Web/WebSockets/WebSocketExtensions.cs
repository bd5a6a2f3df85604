using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.WebSockets;

public static class WebSocketExtensions
{
    public static WebApplicationBuilder AddWebSocketEcho(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<EchoSessions>();
        builder.Services.AddSingleton<IGaugeSource>(services => services.GetRequiredService<EchoSessions>());
        return builder;
    }
}
