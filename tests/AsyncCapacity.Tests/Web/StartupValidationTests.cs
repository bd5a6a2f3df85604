using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Web;

public sealed class StartupValidationTests
{
    [Theory]
    [InlineData("ThreadPool:MinWorkerThreads", "-1", "ThreadPool__MinWorkerThreads")]
    [InlineData("ThreadPool:MinWorkerThreads", "40000", "ThreadPool__MinWorkerThreads")]
    [InlineData("Diagnostics:SampleIntervalMs", "5", "Diagnostics__SampleIntervalMs")]
    [InlineData("Diagnostics:TimelineCapacity", "0", "Diagnostics__TimelineCapacity")]
    [InlineData("Connections:ListenBacklog", "0", "Connections__ListenBacklog")]
    [InlineData("Connections:ListenBacklog", "70000", "Connections__ListenBacklog")]
    public async Task The_app_refuses_to_start_with_an_invalid_setting_and_names_the_key(string key, string value, string environmentVariable)
    {
        // Arrange
        var settings = AppHostFixture.DefaultSettings();
        settings[key] = value;
        await using var app = AppHostFixture.Build(settings);

        // Act
        var error = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());

        // Assert
        Assert.Contains(key, error.Message, StringComparison.Ordinal);
        Assert.Contains(environmentVariable, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Min_worker_threads_raises_the_pools_minimum_at_start()
    {
        // Arrange
        ThreadPool.GetMinThreads(out var originalWorkers, out var originalIo);
        var settings = AppHostFixture.DefaultSettings();
        settings["ThreadPool:MinWorkerThreads"] = "37";
        await using var app = AppHostFixture.Build(settings);

        try
        {
            // Act
            await app.StartAsync();

            // Assert
            ThreadPool.GetMinThreads(out var workers, out _);
            Assert.Equal(37, workers);
        }
        finally
        {
            await app.StopAsync();
            ThreadPool.SetMinThreads(originalWorkers, originalIo);
        }
    }
}
