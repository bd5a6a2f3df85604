using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Hosting;

/// <summary>Applies <see cref="ThreadPoolOptions"/> once at start, before the server takes requests.</summary>
internal sealed class ThreadPoolConfigurator(IOptions<ThreadPoolOptions> options, ILogger<ThreadPoolConfigurator> logger)
    : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        var minWorkers = options.Value.MinWorkerThreads;
        if (minWorkers == 0)
        {
            return Task.CompletedTask;
        }

        ThreadPool.GetMinThreads(out _, out var minIo);
        if (!ThreadPool.SetMinThreads(minWorkers, minIo))
        {
            throw new InvalidOperationException(
                $"ThreadPool.SetMinThreads({minWorkers}) was refused: the value is above the maximum, or DOTNET_ThreadPool_ForceMinWorkerThreads forces another minimum. Unset one of them.");
        }

        logger.LogInformation("Thread pool minimum worker threads set to {MinWorkerThreads}", minWorkers);
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
