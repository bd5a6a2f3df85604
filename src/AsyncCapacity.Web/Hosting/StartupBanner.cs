using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;

namespace AsyncCapacity.Web.Hosting;

/// <summary>A person starting the app by hand reads the address here; the capacity CLI picks the port itself.</summary>
internal sealed class StartupBanner(IServer server, IHostApplicationLifetime lifetime, ILogger<StartupBanner> logger)
    : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        lifetime.ApplicationStarted.Register(() =>
        {
            var addresses = server.Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
            ThreadPool.GetMinThreads(out var minWorkers, out _);
            logger.LogInformation(
                "AsyncCapacity.Web listening on {Addresses} ({Cores} cores, min worker threads {MinWorkers}, .NET {Version})",
                string.Join(' ', addresses), Environment.ProcessorCount, minWorkers, Environment.Version);
        });
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
