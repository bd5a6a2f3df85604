using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Analysis;

public sealed class StepAnalysisTests
{
    private static readonly Sla Sla = new(1000, 0.01);

    [Fact]
    public void In_the_open_model_dropped_arrivals_are_judged_against_the_arrivals_the_step_offered_and_Littles_law_is_not_checked()
    {
        // Arrange: 100 req/s offered for 2 s of warm-up + 10 s (1,200 arrivals); 600 answered, 120 dropped (10%)
        var closed = StepFactory.Run("sync", 100, requests: 600, p95: 400);
        var open = closed with { Step = closed.Step with { Dropped = 120 } };

        // Act
        var step = StepAnalysis.Analyse(open, StepFactory.Terms(Sla, LoadModel.Open));

        // Assert
        Assert.Equal(100, step.OfferedRps);
        Assert.Equal(60, step.Rps);
        Assert.Equal(120, step.Dropped);
        Assert.Equal(0.1, step.DroppedShare!.Value, precision: 6);
        Assert.Equal(0, step.Errors);
        Assert.False(step.MeetsSla);
        Assert.Equal(["dropped"], step.Missed);
        Assert.Null(step.LittlesLawRatio);
        Assert.Contains(FlagText.All(step), f => f.StartsWith("120 arrivals were dropped (10% of those offered", StringComparison.Ordinal)
            && f.Contains("Achieved 60 of 100 req/s offered", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(12, true)]   // 1% of the 1,200 arrivals offered: at the limit
    [InlineData(13, false)]  // just over
    public void In_the_open_model_the_dropped_arrivals_limit_is_the_SLAs_error_limit(long dropped, bool meets)
    {
        // Arrange
        var run = StepFactory.Run("async", 100, requests: 1000, p95: 504, avg: 501);

        // Act
        var step = StepAnalysis.Analyse(run with { Step = run.Step with { Dropped = dropped } }, StepFactory.Terms(Sla, LoadModel.Open));

        // Assert
        Assert.Equal(meets, step.MeetsSla);
    }

    [Fact]
    public void An_open_step_with_nothing_dropped_meets_the_SLA_on_its_latency()
    {
        // Arrange
        var closed = StepFactory.Run("async", 100, requests: 1000, p95: 504, avg: 501);

        // Act
        var step = StepAnalysis.Analyse(closed with { Step = closed.Step with { Dropped = 0 } }, StepFactory.Terms(Sla, LoadModel.Open));

        // Assert
        Assert.True(step.MeetsSla);
        Assert.Equal(0, step.Errors);
        Assert.Empty(step.Flags);
    }

    [Fact]
    public void Throughput_is_completed_requests_per_measured_second()
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("async", 50, requests: 1000), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(10, step.DurationSeconds);
        Assert.Equal(100, step.Rps);
        Assert.Equal(0, step.ErrorRate);
    }

    [Theory]
    [InlineData(999.9, 0, true)]
    [InlineData(1000, 0, true)]
    [InlineData(1000.1, 0, false)]
    [InlineData(500, 10, true)]   // 1% of 1000 requests: at the limit
    [InlineData(500, 11, false)]  // just over 1%
    public void A_step_meets_the_SLA_when_p95_and_error_rate_are_within_their_limits(double p95, long failed, bool meets)
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("sync", 10, requests: 1000, failed: failed, p95: p95), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(meets, step.MeetsSla);
    }

    [Fact]
    public void A_step_in_which_no_request_completed_misses_the_SLA_with_empty_latencies_and_a_flag()
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("sync", 400, requests: 0), StepFactory.Terms(Sla));

        // Assert
        Assert.False(step.MeetsSla);
        Assert.Null(step.P95Ms);
        Assert.Null(step.P50Ms);
        Assert.Null(step.ServerP50Ms);
        Assert.Contains(FlagText.All(step), f => f.StartsWith("No request completed", StringComparison.Ordinal));
    }

    [Fact]
    public void A_step_whose_few_answers_were_fast_misses_the_SLA_when_most_clients_got_no_answer_in_the_window()
    {
        // Act: 5,000 clients, 3 answers in a 10 s window, each within 2.1 s (the blocking C10k variant, as measured)
        var starved = StepAnalysis.Analyse(StepFactory.Run("sync", 5000, requests: 3, p95: 2100, avg: 2050),
            StepFactory.Terms(new Sla(2500, 0.001)));
        var steady = StepAnalysis.Analyse(StepFactory.Run("async", 5000, requests: 25_000, p95: 2100, avg: 2000),
            StepFactory.Terms(new Sla(2500, 0.001)));
        var shortWindow = StepAnalysis.Analyse(StepFactory.Run("async", 100, requests: 50, p95: 20_000, avg: 20_000),
            StepFactory.Terms(new Sla(30_000, 0.01)));

        // Assert
        Assert.False(starved.MeetsSla);
        Assert.Equal(["clients"], starved.Missed);
        Assert.Contains(FlagText.All(starved), f => f.StartsWith("Only 3 answers for 5000 clients in 10 s: "
            + "at least 4997 clients (100%) waited longer than the whole window", StringComparison.Ordinal));
        Assert.True(steady.MeetsSla);
        Assert.DoesNotContain(FlagText.All(steady), f => f.StartsWith("Only", StringComparison.Ordinal));
        Assert.True(shortWindow.MeetsSla, "a window shorter than the SLA's p95 says nothing about clients still waiting");
    }

    [Fact]
    public void Errors_are_counted_and_flagged_never_hidden()
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("sync", 10, requests: 200, failed: 50), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(0.25, step.ErrorRate);
        Assert.Contains(FlagText.All(step), f => f.StartsWith("50 of 200 requests failed (25.0%)", StringComparison.Ordinal));
    }

    [Fact]
    public void A_steady_step_obeys_Littles_law_and_carries_no_flag()
    {
        // Act: 100 clients, 200 req/s, mean 500 ms → 200 × 0.5 = 100
        var step = StepAnalysis.Analyse(StepFactory.Run("async", 100, requests: 2000, avg: 500), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(1, step.LittlesLawRatio);
        Assert.Empty(step.Flags);
    }

    [Fact]
    public void A_step_with_unfinished_requests_is_flagged_by_Littles_law()
    {
        // Act: 400 clients, but 9 req/s × 6.5 s = 58.5 in flight: most requests never completed
        var step = StepAnalysis.Analyse(StepFactory.Run("sync", 400, requests: 90, p95: 6530, avg: 6500), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(0.146, step.LittlesLawRatio!.Value, 3);
        Assert.Contains(FlagText.All(step), f => f.Contains("Little's law does not hold: 400 clients", StringComparison.Ordinal)
            && f.Contains("still unfinished", StringComparison.Ordinal));
    }

    [Fact]
    public void A_sub_millisecond_step_below_Littles_law_blames_the_gaps_between_requests_not_unfinished_ones()
    {
        // Act: 10 clients, 4,000 req/s at 0.15 ms each: 0.6 clients busy; the rest of the time is k6's own, between requests
        var step = StepAnalysis.Analyse(StepFactory.Run("memory", 10, requests: 40_000, p95: 0.5, avg: 0.15), StepFactory.Terms(Sla));

        // Assert
        Assert.Contains(FlagText.All(step), f => f.Contains("Little's law does not hold", StringComparison.Ordinal)
            && f.Contains("between requests (k6's own work per iteration", StringComparison.Ordinal));
        Assert.DoesNotContain(FlagText.All(step), f => f.Contains("still unfinished", StringComparison.Ordinal));
        Assert.True(step.MeetsSla);
    }

    [Fact]
    public void A_busy_machine_flags_the_load_generator()
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("async", 400, requests: 8000, avg: 500, cpu: new HostCpu(97, 45)),
            StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(97, step.MachineCpuPercent);
        Assert.Equal(45, step.LoadGeneratorCpuPercent);
        Assert.Contains(FlagText.All(step), f => f.StartsWith("The machine's CPU was 97% busy (k6 itself 45%)", StringComparison.Ordinal));
    }

    [Fact]
    public void Server_figures_come_from_the_timeline_of_the_step_window()
    {
        // Arrange: samples before, during warm-up, in the window and after the step
        var timeline = new[]
        {
            StepFactory.Sample(-5000, threads: 9, queue: 900),  // an earlier step: ignored
            StepFactory.Sample(-400, threads: 2, queue: 0),     // just before load: the start
            StepFactory.Sample(1000, threads: 3, queue: 40, cpu: 50),
            StepFactory.Sample(3000, threads: 4, queue: 35, cpu: 10),
            StepFactory.Sample(8000, threads: 6, queue: 48, cpu: 20),
            StepFactory.Sample(12_000, threads: 7, queue: 12, cpu: 30),
            StepFactory.Sample(20_000, threads: 30, queue: 999),  // after the step: ignored
        };

        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("sync", 50, requests: 40, p95: 7000, timeline: timeline), StepFactory.Terms(Sla));

        // Assert
        Assert.Equal(2, step.ThreadsAtStart);
        Assert.Equal(7, step.ThreadsAtEnd);
        Assert.Equal(48, step.MaxQueueLength);
        Assert.Equal(20, step.CpuPercent);
        Assert.Equal(400, step.ServerP50Ms);
    }

    [Fact]
    public void Without_a_timeline_server_figures_are_unknown_not_zero()
    {
        // Act
        var step = StepAnalysis.Analyse(StepFactory.Run("async", 10, requests: 200), StepFactory.Terms(Sla));

        // Assert
        Assert.Null(step.ThreadsAtStart);
        Assert.Null(step.ThreadsAtEnd);
        Assert.Null(step.MaxQueueLength);
        Assert.Null(step.CpuPercent);
        Assert.Null(step.MachineCpuPercent);
    }
}
