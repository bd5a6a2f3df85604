using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Sweep;

namespace AsyncCapacity.Tests.Cli;

public sealed class SweepRequestParserTests
{
    private static SweepArguments Defaults(
        string profile = "quick", string? target = null, string? steps = null, string[]? slaP95 = null,
        string[]? slaErrors = null, string[]? set = null, string[]? experiments = null, int? minThreads = null, double? stepSeconds = null) =>
        new(experiments ?? [], profile, target, "/tmp/out", steps, null, stepSeconds, null,
            slaP95 ?? [], slaErrors ?? [], set ?? [], minThreads);

    [Fact]
    public void Defaults_come_from_the_profile_with_a_fresh_app_and_no_cool_down()
    {
        // Act
        var request = SweepRequestParser.Parse(Defaults(experiments: ["sleep"]), DateTimeOffset.UnixEpoch);

        // Assert
        Assert.Equal([1, 10, 50, 100, 200, 400], request.Steps);
        Assert.Equal(2, request.WarmupSeconds);
        Assert.Equal(6, request.StepSeconds);
        Assert.Equal(0, request.CooldownSeconds);
        Assert.Null(request.Target);
        Assert.Equal(1000, request.Sla.P95Ms);
        Assert.Equal(0.01, request.Sla.MaxErrorRate);
        Assert.Equal("500", request.Parameters["sleep"]["ms"]);
        Assert.Equal(new DatabaseSettings("PostgreSQL", null, 100), request.Database);
        Assert.True(request.EstimatedDuration < TimeSpan.FromMinutes(3), "the quick sleep sweep must fit in 3 minutes");
    }

    [Fact]
    public void A_target_gets_a_cool_down_longer_than_the_idle_thread_timeout()
    {
        // Act
        var request = SweepRequestParser.Parse(Defaults(target: "http://127.0.0.1:5080"), DateTimeOffset.UnixEpoch);

        // Assert
        Assert.Equal(new Uri("http://127.0.0.1:5080"), request.Target);
        Assert.True(request.CooldownSeconds > 20);
    }

    [Fact]
    public void SLA_and_parameters_can_be_set_globally_and_per_experiment()
    {
        // Act
        var request = SweepRequestParser.Parse(
            Defaults(slaP95: ["800", "sleep=600"], slaErrors: ["2"], set: ["sleep.ms=200"], steps: "50,1,10,10"),
            DateTimeOffset.UnixEpoch);

        // Assert
        Assert.Equal(800, request.Sla.P95Ms);
        Assert.Equal(0.02, request.Sla.MaxErrorRate);
        Assert.Equal(600, request.SlaFor(ExperimentCatalog.Get("sleep")).P95Ms);
        Assert.Equal(0.02, request.SlaFor(ExperimentCatalog.Get("sleep")).MaxErrorRate);
        Assert.Equal("200", request.Parameters["sleep"]["ms"]);
        Assert.Equal([1, 10, 50], request.Steps);
    }

    private static readonly Dictionary<string, SweepArguments> BadArguments = new()
    {
        ["Unknown profile 'huge'"] = Defaults(profile: "huge"),
        ["Unknown experiment 'nap'. Available: sleep"] = Defaults(experiments: ["sleep,nap"]),
        ["--target must be an http(s) URL"] = Defaults(target: "127.0.0.1:5080"),
        ["--target must be an http(s) URL such as http://127.0.0.1:5080; got 'ftp://x'"] = Defaults(target: "ftp://x"),
        ["--steps must be a comma-separated list"] = Defaults(steps: "1,x"),
        ["e.g. 1,10,50; got '0'"] = Defaults(steps: "0"),
        ["from 1 to 5000"] = Defaults(steps: "99999"),
        ["--sla-p95 takes a latency in ms above 0"] = Defaults(slaP95: ["-3"]),
        ["'nap' is not an experiment of this sweep"] = Defaults(slaP95: ["nap=300"]),
        ["--sla-errors takes a percentage from 0 to 100"] = Defaults(slaErrors: ["150"]),
        ["Known: sleep.ms"] = Defaults(set: ["sleep.delay=3"]),
        ["--set takes EXPERIMENT.PARAMETER=VALUE"] = Defaults(set: ["ms"]),
        ["--min-threads must be between 0 and 32767"] = Defaults(minThreads: -1),
        ["set ThreadPool__MinWorkerThreads on your app"] = Defaults(minThreads: 100, target: "http://127.0.0.1:1"),
        ["--step-seconds must be at least 1"] = Defaults(stepSeconds: 0.5),
        ["--db-provider SqlServer needs --db-connection-string"] = Defaults() with { DbProvider = "SqlServer" },
        ["--db-provider must be one of PostgreSQL, SqlServer"] = Defaults() with { DbProvider = "Oracle" },
        ["--db-pool-size must be between 1 and 1000"] = Defaults() with { DbPoolSize = 0 },
        ["configure your app's Database__* settings instead"] = Defaults(target: "http://127.0.0.1:1") with { DbPoolSize = 5 },
    };

    [Fact]
    public void Without_experiments_named_the_sweep_runs_them_all_with_their_defaults()
    {
        // Act
        var request = SweepRequestParser.Parse(Defaults(), DateTimeOffset.UnixEpoch);

        // Assert
        Assert.Equal(["sleep", "db", "content", "audit"], request.Experiments.Select(e => e.Id).Take(4));
        Assert.Equal("50", request.Parameters["db"]["ms"]);
    }

    public static TheoryData<string> ExpectedRefusals => [.. BadArguments.Keys];

    [Theory]
    [MemberData(nameof(ExpectedRefusals))]
    public void Bad_arguments_are_refused_with_a_message_that_says_what_to_type(string expected)
    {
        // Act
        var error = Assert.Throws<UsageException>(() => SweepRequestParser.Parse(BadArguments[expected], DateTimeOffset.UnixEpoch));

        // Assert
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }
}
