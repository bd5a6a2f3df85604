using AsyncCapacity.Web;
using AsyncCapacity.Web.Hosting;

// `--health-probe [URL]`: the container healthcheck (one GET, exit 0/1), answered before any host starts.
if (HealthProbe.IsRequested(args)) { return await HealthProbe.RunAsync(args); }

var builder = WebApplication.CreateBuilder(args);
builder.AddAsyncCapacity();

var app = builder.Build();
app.MapAsyncCapacity();

app.Run();
return 0;
