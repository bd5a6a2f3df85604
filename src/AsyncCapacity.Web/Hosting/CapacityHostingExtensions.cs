using Microsoft.Extensions.Logging.Console;

namespace AsyncCapacity.Web.Hosting;

public static class CapacityHostingExtensions
{
    /// <summary>
    /// Quiet single-line logs (per-request logging would compete with the load it measures), ProblemDetails
    /// for every error, and the thread-pool knob validated before the first request.
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

        builder.Services.AddHostedService<ThreadPoolConfigurator>();
        builder.Services.AddHostedService<StartupBanner>();
        return builder;
    }
}
