using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>When a held load is caught up with: the first second from which every later second meets the SLA, each judged by
/// judge.js on the window that ends with it.</summary>
public sealed class CatchUpFinderTests
{
    // sleep sync at 10 clients, SLA p95 1 s: a window is 2 s, and every client answers in it once caught up (4 a second each).
    private static readonly HoldTerms Sleep = new(10, new Sla(1000, 0.01), Sessions: false);

    [Fact]
    public void A_load_met_from_the_first_second_is_caught_up_at_zero()
    {
        // Arrange
        var seconds = Series(30, _ => (20, 0, 502));

        // Act
        var catchUp = CatchUpFinder.Find(seconds, Sleep);

        // Assert
        Assert.Equal(0, catchUp.At);
        Assert.Equal(30, catchUp.StayedFor);
        Assert.True(catchUp.Confirmed(HoldTerms.DefaultConfirmSeconds));
    }

    [Fact]
    public void A_starved_start_is_caught_up_at_the_first_second_of_the_run_that_meets_to_the_end()
    {
        // Arrange: 2 threads for 10 clients (4 answers a second, 2.5 s each) until second 12, then a thread a client
        var seconds = Series(40, s => s < 12 ? (4, 0, 2500) : (20, 0, 503));

        // Act
        var catchUp = CatchUpFinder.Find(seconds, Sleep);

        // Assert: second 12's window still holds second 11's answers; second 13's is the first all caught up
        Assert.Equal(13, catchUp.At);
        Assert.Equal(27, catchUp.StayedFor);
        Assert.Equal(39, catchUp.LastSecond);
    }

    [Fact]
    public void A_relapse_moves_the_catch_up_after_it()
    {
        // Arrange: caught up at 5, one second at 1.4 s at 20 (a pause), then fine again
        var seconds = Series(40, s => s == 20 ? (20, 0, 1400) : s < 5 ? (4, 0, 2500) : (20, 0, 503));

        // Act
        var catchUp = CatchUpFinder.Find(seconds, Sleep);

        // Assert: the window ending at 21 still holds second 20
        Assert.Equal(22, catchUp.At);
    }

    [Fact]
    public void A_load_still_behind_at_its_last_second_was_never_caught_up()
    {
        // Arrange
        var seconds = Series(120, s => s < 100 ? (4, 0, 2500) : s < 110 ? (20, 0, 503) : (6, 0, 1800));

        // Act
        var catchUp = CatchUpFinder.Find(seconds, Sleep);

        // Assert
        Assert.Null(catchUp.At);
        Assert.False(catchUp.Confirmed(1));
    }

    [Fact]
    public void Seconds_missing_from_the_series_are_neither_met_nor_missed()
    {
        // Arrange: seconds 20 to 24 were not read at all (a gap), the rest caught up from 8
        var seconds = Series(40, s => s < 7 ? (4, 0, 2500) : (20, 0, 503)).Where(s => s.Second is < 20 or > 24).ToList();

        // Act
        var catchUp = CatchUpFinder.Find(seconds, Sleep);

        // Assert: the gap breaks nothing, and the seconds around it count
        Assert.Equal(8, catchUp.At);
        Assert.Equal(35 - 8, catchUp.StayedFor);
    }

    [Fact]
    public void A_second_without_an_answer_misses_though_it_has_no_p95()
    {
        // Arrange: requests of 2 s in lockstep at 10 clients answer every other second; SLA 2.5 s makes the window 3 s
        var terms = new HoldTerms(10, new Sla(2500, 0.001), Sessions: false);
        var caughtUp = Series(30, s => s % 2 == 0 ? (10, 0, 2003) : (0, 0, (double?)null));
        var starved = Series(30, s => s % 4 == 0 ? (2, 0, 2003) : (0, 0, (double?)null));

        // Act & Assert: a window of 3 s holds an answer from every client when caught up, and only 2 when starved
        Assert.Equal(0, CatchUpFinder.Find(caughtUp, terms).At);
        Assert.Null(CatchUpFinder.Find(starved, terms).At);
    }

    [Fact]
    public void Errors_above_the_SLAs_rate_miss_a_second()
    {
        // Arrange
        var seconds = Series(30, s => s < 25 ? (20, 0, 503) : (20, 5, 503));

        // Act & Assert
        Assert.Null(CatchUpFinder.Find(seconds, Sleep).At);
    }

    [Fact]
    public void A_session_that_failed_to_open_misses_its_window()
    {
        // Arrange: websocket sync, 30 clients, SLA 100 ms: echoes answer fast, but a session failed at second 15
        var terms = new HoldTerms(30, new Sla(100, 0), Sessions: true);
        var seconds = Series(30, _ => (3000, 0, 2)).Select(s => s with { SessionsFailed = s.Second == 15 ? 1 : 0 }).ToList();

        // Act
        var catchUp = CatchUpFinder.Find(seconds, terms);

        // Assert
        Assert.Equal(16, catchUp.At);
    }

    [Fact]
    public void A_window_is_a_whole_second_longer_than_the_SLAs_p95()
    {
        Assert.Equal(2, new HoldTerms(1, new Sla(1000, 0), false).WindowSeconds);
        Assert.Equal(3, new HoldTerms(1, new Sla(2500, 0), false).WindowSeconds);
        Assert.Equal(1, new HoldTerms(1, new Sla(100, 0), true).WindowSeconds);
    }

    [Fact]
    public void An_empty_series_was_never_caught_up()
    {
        Assert.Equal(new CatchUp(null, 0, -1), CatchUpFinder.Find([], Sleep));
    }

    internal static List<HeldSecond> Series(int count, Func<int, (long Requests, long Failed, double? P95)> second) =>
        [.. Enumerable.Range(0, count).Select(s =>
        {
            var (requests, failed, p95) = second(s);
            return new HeldSecond(s, requests, failed, requests > 0 ? p95 : null);
        })];
}
