using AsyncCapacity.Web.Settings;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Hosting;

internal sealed class ThreadPoolConfigurator(IOptions<ThreadPoolOptions> options, ILogger<ThreadPoolConfigurator> logger)
{
    public void Apply()
    {
        var minWorkers = options.Value.MinWorkerThreads;
        if (minWorkers == 0)
        {
            return;
        }

        // The runtime alone knows whether it takes the value: refused, it is a bad setting like any other.
        ThreadPool.GetMinThreads(out _, out var minIo);
        if (!ThreadPool.SetMinThreads(minWorkers, minIo))
        {
            ThreadPool.GetMaxThreads(out var maxWorkers, out _);
            throw new OptionsValidationException(Options.DefaultName, typeof(ThreadPoolOptions), [SettingLine.Of(
                $"{ThreadPoolOptions.SectionName}:{nameof(ThreadPoolOptions.MinWorkerThreads)}",
                $"was refused by ThreadPool.SetMinThreads: it must be at most the pool's maximum ({maxWorkers}) "
                + "and equal any minimum DOTNET_ThreadPool_ForceMinWorkerThreads forces",
                minWorkers.ToString(System.Globalization.CultureInfo.InvariantCulture))]);
        }

        logger.LogInformation("Thread pool minimum worker threads set to {MinWorkerThreads}", minWorkers);
    }
}
