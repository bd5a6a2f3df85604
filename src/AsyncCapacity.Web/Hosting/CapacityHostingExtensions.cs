using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.Logging.Console;

namespace AsyncCapacity.Web.Hosting;

public static class CapacityHostingExtensions
{
    /// <summary>
    /// Quiet single-line logs (per-request logging would compete with the load it measures), ProblemDetails
    /// for every error, and the thread-pool and listen-backlog knobs validated before the first request.
    /// </summary>
    public static WebApplicationBuilder AddCapacityHosting(this WebApplicationBuilder builder)
    {
        builder.Logging.AddSimpleConsole(options =>
        {
            options.SingleLine = true;
            options.TimestampFormat = "HH:mm:ss ";
            options.ColorBehavior = LoggerColorBehavior.Disabled;
        });

        builder.Services.AddProblemDetails();

        builder.Services.AddOptions<ThreadPoolOptions>()
            .Bind(builder.Configuration.GetSection(ThreadPoolOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();

        builder.Services.AddOptions<ConnectionOptions>()
            .Bind(builder.Configuration.GetSection(ConnectionOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();
        // Read straight from configuration: WebApplication.Build() creates the transport, before ValidateOnStart has
        // checked ConnectionOptions; a bad value then stops the start with its message, before anything listens.
        var connections = builder.Configuration.GetSection(ConnectionOptions.SectionName);
        builder.Services.AddOptions<SocketTransportOptions>()
            .Configure(transport => transport.Backlog = connections.Get<ConnectionOptions>()?.ListenBacklog ?? new ConnectionOptions().ListenBacklog);

        builder.Services.AddHostedService<ThreadPoolConfigurator>();
        builder.Services.AddHostedService<StartupBanner>();
        return builder;
    }
}
