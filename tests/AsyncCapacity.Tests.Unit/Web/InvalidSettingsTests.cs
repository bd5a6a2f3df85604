using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Web;

/// <summary>Settings checked while the app is built, before anything starts: each refusal names the key, its rule and the value.</summary>
public sealed class InvalidSettingsTests
{
    [Theory]
    [InlineData("ThreadPool:MinWorkerThreads", "-1", "must be between 0 and 32767 (0 keeps the runtime default); got -1.")]
    [InlineData("ThreadPool:MinWorkerThreads", "40000", "must be between 0 and 32767 (0 keeps the runtime default); got 40000.")]
    [InlineData("Diagnostics:SampleIntervalMs", "5", "must be between 100 and 60000 ms; got 5.")]
    [InlineData("Diagnostics:TimelineCapacity", "0", "must be between 10 and 1000000 samples; got 0.")]
    [InlineData("Connections:ListenBacklog", "0", "must be between 1 and 65535; got 0.")]
    [InlineData("Connections:ListenBacklog", "70000", "must be between 1 and 65535; got 70000.")]
    [InlineData("Connections:ListenBacklog", "many", "must be between 1 and 65535; got 'many'.")]
    [InlineData("Bench:Without", "timing,everything", "names no piece of the pipeline (everything); the pieces are timing, "
        + "exception-handler, status-pages, problem-details, websockets, experiments, runtime-readers; got 'timing,everything'.")]
    public void The_app_refuses_to_be_built_with_an_invalid_setting_naming_the_key_its_rule_and_the_value(
        string key, string value, string rule)
    {
        // Arrange
        var settings = AppHostFixture.DefaultSettings();
        settings[key] = value;

        // Act
        var error = Assert.Throws<OptionsValidationException>(() => AppHostFixture.Build(settings));

        // Assert
        Assert.Equal($"{key} (environment {key.Replace(":", "__", StringComparison.Ordinal)}) {rule}", Assert.Single(error.Failures));
    }
}
