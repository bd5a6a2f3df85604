using AsyncCapacity.Web.Diagnostics;
using AsyncCapacity.Web.Experiments;
using AsyncCapacity.Web.Hosting;

var builder = WebApplication.CreateBuilder(args);

// Configure quiet logs, ProblemDetails and validated options
builder.AddCapacityHosting();

// Configure the runtime sampler (dedicated thread, 1 Hz) and request timing
builder.AddRuntimeDiagnostics();

var app = builder.Build();

// Time every request (Server-Timing) before anything else runs
app.UseRequestTiming();
app.UseExceptionHandler();
app.UseStatusCodePages();

// Liveness and runtime figures
app.MapDiagnostics();

// The baseline and the experiment pairs: each pair differs in one blocking call
app.MapHello();
app.MapSleep();

app.Run();
