using System.Reflection;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// docs/workshop/primer.md quotes the thread pool's settings from dotnet/runtime's sources at a commit; these read the
/// same settings from the runtime that runs the tests (private fields of System.Private.CoreLib, so a runtime that moved
/// them fails here first), so the primer's figures are this runtime's. Constants (the gate's 500 ms, the 80% and 95% CPU
/// thresholds) are compiled into their users and left out of the runtime's metadata: the primer cites their lines.
/// </summary>
public sealed class PrimerRuntimeTests
{
    private const BindingFlags Fields = BindingFlags.Static | BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    [Fact]
    public void Cooperative_blocking_adds_ProcessorCount_threads_at_once_then_one_per_25_ms_step_up_to_250_ms()
    {
        // Arrange
        var config = Pool("BlockingConfig");

        // Assert
        Assert.Equal(true, Static(config, "IsCooperativeBlockingEnabled"));
        Assert.Equal((short)Environment.ProcessorCount, Static(config, "ThreadsToAddWithoutDelay"));
        Assert.Equal((short)Environment.ProcessorCount, Static(config, "ThreadsPerDelayStep"));
        Assert.Equal(25u, Static(config, "DelayStepMs"));
        Assert.Equal(250u, Static(config, "MaxDelayMs"));
    }

    [Fact]
    public void Hill_climbing_moves_at_most_4_threads_a_second_and_20_a_sample_with_a_wave_of_up_to_20()
    {
        // Arrange
        var hillClimbing = Pool("HillClimbing");
        var climber = Static(hillClimbing, "ThreadPoolHillClimber")!;

        // Assert
        Assert.Equal(4.0, Instance(climber, "_maxChangePerSecond"));
        Assert.Equal(20.0, Instance(climber, "_maxChangePerSample"));
        Assert.Equal(20, Instance(climber, "_maxThreadWaveMagnitude"));
        Assert.Equal(0.15, Instance(climber, "_maxSampleError"));
        Assert.Equal(10, Instance(climber, "_sampleIntervalMsLow"));
        Assert.Equal(200, Instance(climber, "_sampleIntervalMsHigh"));
    }

    [Fact]
    public void An_idle_pool_thread_retires_after_20_seconds()
    {
        // Assert
        Assert.Equal(20_000, Static(Pool(null), "ThreadPoolThreadTimeoutMs"));
    }

    private static Type Pool(string? nested)
    {
        var name = "System.Threading.PortableThreadPool" + (nested is null ? "" : "+" + nested);
        var type = typeof(object).Assembly.GetType(name);
        Assert.True(type is not null, $"this runtime has no {name}: the primer's sources moved");
        return type;
    }

    private static object? Static(Type type, string field) => Field(type, field).GetValue(null);

    private static object? Instance(object target, string field) => Field(target.GetType(), field).GetValue(target);

    private static FieldInfo Field(Type type, string name)
    {
        var field = type.GetField(name, Fields);
        Assert.True(field is not null, $"{type.FullName} has no field {name} in this runtime: the primer's sources moved");
        return field;
    }
}
