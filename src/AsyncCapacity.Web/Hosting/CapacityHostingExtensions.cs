using AsyncCapacity.Web.Settings;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.Configuration.Memory;
using Microsoft.Extensions.Logging.Console;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Hosting;

public static class CapacityHostingExtensions
{
    private static readonly IReadOnlyDictionary<string, string?> QuietLogLevels = new Dictionary<string, string?>
    {
        ["Logging:LogLevel:Default"] = "Warning",
        ["Logging:LogLevel:Microsoft.AspNetCore"] = "Warning",
        ["Logging:LogLevel:Microsoft.Hosting.Lifetime"] = "Warning",
        ["Logging:LogLevel:AsyncCapacity"] = "Information",
    };

    /// <summary>Quiet logs: per-request logging would compete with the load it measures.</summary>
    /// <param name="problemDetails">False only for bench/pipeline.sh (<see cref="BenchOptions"/>).</param>
    public static WebApplicationBuilder AddCapacityHosting(this WebApplicationBuilder builder, bool problemDetails = true)
    {
        // In code, not in appsettings.json, so that the instrument's cost does not depend on finding that file; as the
        // first (lowest-priority) configuration source, so that appsettings.json, environment variables
        // (Logging__LogLevel__Default) and the command line still override every level.
        builder.Configuration.Sources.Insert(0, new MemoryConfigurationSource { InitialData = QuietLogLevels });
        builder.Logging.AddSimpleConsole(options =>
        {
            options.SingleLine = true;
            options.TimestampFormat = "HH:mm:ss ";
            options.ColorBehavior = LoggerColorBehavior.Disabled;
        });

        if (problemDetails)
        {
            builder.Services.AddProblemDetails();
        }

        builder.AddValidatedSettings<BenchOptions>(BenchOptions.SectionName);

        builder.AddValidatedSettings<ThreadPoolOptions>(ThreadPoolOptions.SectionName);
        builder.Services.AddSingleton<ThreadPoolConfigurator>();

        // Through the validated options: a bad backlog stops the start with its line whenever the transport is created.
        builder.AddValidatedSettings<ConnectionOptions>(ConnectionOptions.SectionName);
        builder.Services.AddOptions<SocketTransportOptions>()
            .Configure<IOptions<ConnectionOptions>>((transport, connections) => transport.Backlog = connections.Value.ListenBacklog);

        // An https:// URL (--urls "http://127.0.0.1:5080;https://127.0.0.1:5443") gets a self-signed certificate made
        // now, in memory, unless configuration names one: wss:// without a `dotnet dev-certs` step.
        builder.WebHost.ConfigureKestrel(kestrel =>
            kestrel.ConfigureHttpsDefaults(https => https.ServerCertificate ??= SelfSignedCertificate.Create()));

        builder.Services.AddHostedService<StartupBanner>();
        return builder;
    }

    /// <summary>A bad setting stops the app here (<see cref="BadSettings"/>), not in the host's start with a stack trace.</summary>
    public static WebApplication ApplySettings(this WebApplication app)
    {
        app.Services.GetService<IStartupValidator>()?.Validate();
        app.Services.GetRequiredService<ThreadPoolConfigurator>().Apply();
        return app;
    }
}
