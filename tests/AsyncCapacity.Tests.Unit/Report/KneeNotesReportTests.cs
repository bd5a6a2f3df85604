using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// A card on a recorded run of connections async (tests/…/Golden/recorded): its p95 hugs the SLA from 4,000 to 6,000
/// connections, met and missed in no order, so its interval is wide and the card says why; and it held its headline load,
/// 10,000 connections, apart from the SLA's verdict there.
/// </summary>
public sealed class KneeNotesReportTests
{
    private static readonly AsyncCapacity.Lab.Results.ResultsDocument Run = Golden("recorded/connections-async-1.json");

    [Fact]
    public void A_knee_that_turns_slowly_is_said_on_its_card_as_a_finding()
    {
        // Act
        var text = VisibleText(HtmlReport.Render(Run));

        // Assert
        var capacity = Run.Experiments[0].Variants[0].Capacity!;
        Assert.False(capacity.Narrowed);
        Assert.Contains($"90%: {capacity.Estimate!.LowLoad:#,0}–{capacity.Estimate.HighLoad:#,0}, the probe budget ran out before ±10%",
            text, StringComparison.Ordinal);
        Assert.Contains("The knee turns slowly: p95 stayed within 20% of the SLA from 1,000 clients to 5,952, "
            + "met and missed in no order, so the capacity is a range, not a point.", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_headline_load_is_said_held_or_not_apart_from_the_SLA()
    {
        // Act
        var text = VisibleText(HtmlReport.Render(Run));

        // Assert: 10,000 clients answered without an error, the SLA's p95 missed there
        var headline = Run.Experiments[0].Variants[0].Steps.Single(s => s.Pass == ProbePass.Headline);
        Assert.Equal(10_000, headline.Concurrency);
        Assert.Contains("At its headline load, 10,000 clients: held (0 errors, 7 pool threads, k6 at 62% CPU and 5.6 GB); "
            + "p95 3.2 s against the SLA.", text, StringComparison.Ordinal);
    }
}
