using AsyncCapacity.Web;
using AsyncCapacity.Web.Hosting;
using AsyncCapacity.Web.Settings;
using AsyncCapacity.Web.Telemetry;

// `--health-probe [URL]`: the container healthcheck (one GET, exit 0/1), answered before any host starts.
if (HealthProbe.IsRequested(args)) { return await HealthProbe.RunAsync(args); }

// The content root is the app's own folder wherever it is started from, so that it always finds its appsettings.json.
var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = args, ContentRootPath = AppContext.BaseDirectory });
builder.AddAsyncCapacity();

// Metrics over OTLP (the Aspire dashboard, any collector) only when OTEL_EXPORTER_OTLP_ENDPOINT is set
builder.AddLabTelemetry();

// A bad setting stops the start before anything listens: one line per setting on standard error, exit code 78.
try
{
    var app = builder.Build();
    app.MapAsyncCapacity();
    app.Run();
    return 0;
}
catch (Exception ex) when (BadSettings.Of(ex) is { Count: > 0 } failures)
{
    return BadSettings.Report(failures, Console.Error);
}
