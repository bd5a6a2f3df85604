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

        // An https:// URL (--urls "http://127.0.0.1:5080;https://127.0.0.1:5443") gets a self-signed certificate made
        // now, in memory, unless configuration names one: wss:// without a `dotnet dev-certs` step.
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.ConfigureHttpsDefaults(https => https.ServerCertificate ??= SelfSignedCertificate.Create()));

        builder.Services.AddHostedService<ThreadPoolConfigurator>();
        builder.Services.AddHostedService<StartupBanner>();
        return builder;
    }
}
