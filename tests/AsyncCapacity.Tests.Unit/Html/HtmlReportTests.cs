using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Html;

/// <summary>
/// Renders the golden results files and checks what a reader relies on: verdicts, capacities, one row per step,
/// SLA colours, flags, skipped reasons, a page that loads nothing from the network, and escaping of every input.
/// Expected figures are literal strings read off the golden data, never built with the formatter under test.
/// </summary>
public sealed class HtmlReportTests
{
    private static readonly ResultsDocument Sleep = Golden("results-sleep.json");
    private static readonly ResultsDocument Skipped = Golden("results-skipped.json");

    [Fact]
    public void Each_experiment_shows_its_verdict_sentence()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        // Act
        var text = VisibleText(html);

        // Assert
        foreach (var experiment in Sleep.Experiments)
        {
            Assert.Contains(VerdictText.Of(experiment), text, StringComparison.Ordinal);
            Assert.Contains(experiment.Title, text, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("sync", "1 concurrent client at 2.0 req/s")]
    [InlineData("async", "400 concurrent clients at 794 req/s")]
    public void Each_variant_shows_its_capacity_in_clients_and_requests_per_second(string variantName, string capacity)
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        // Act
        var card = Regex.Match(html,
            $"<article class=\"capacity-card [^\"]*\">.*?<span class=\"variant-name\">{variantName}</span>.*?</article>",
            RegexOptions.Singleline);

        // Assert
        Assert.True(card.Success, $"no capacity card for {variantName}");
        Assert.Contains(capacity, VisibleText(card.Value), StringComparison.Ordinal);
    }

    [Fact]
    public void A_variant_without_capacity_says_that_no_tested_step_met_the_SLA()
    {
        // Arrange
        var experiment = Sleep.Experiments[0];
        var variants = experiment.Variants.Select(v => v.Blocking ? v with { Capacity = null } : v).ToList();
        var document = Sleep with { Experiments = [experiment with { Variants = variants }] };

        // Act
        var html = HtmlReport.Render(document);

        // Assert
        Assert.Matches("<p class=\"capacity capacity-none\">no load tried met the SLA</p>", html);
    }

    [Fact]
    public void Each_step_table_has_one_row_per_step()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        foreach (var experiment in Sleep.Experiments)
        {
            foreach (var variant in experiment.Variants)
            {
                // Act
                var table = StepTableOf(html, experiment, variant);

                // Assert
                Assert.Equal(variant.Steps.Count, Regex.Count(table, "<tr class=\"step[ \"]"));
            }
        }
    }

    [Fact]
    public void The_SLA_cell_of_each_row_is_coloured_by_whether_the_step_met_the_SLA()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);
        var variants = Sleep.Experiments.SelectMany(e => e.Variants.Select(v => (Experiment: e, Variant: v))).ToList();
        Assert.Contains(variants, x => x.Variant.Steps.Any(s => s.MeetsSla));
        Assert.Contains(variants, x => x.Variant.Steps.Any(s => !s.MeetsSla));

        foreach (var (experiment, variant) in variants)
        {
            // Act
            var classes = Regex.Matches(StepTableOf(html, experiment, variant), "<td class=\"sla (sla-met|sla-missed)\"[^>]*>")
                .Select(m => m.Groups[1].Value)
                .ToList();

            // Assert
            Assert.Equal(variant.Steps.Select(s => s.MeetsSla ? "sla-met" : "sla-missed"), classes);
        }
    }

    [Fact]
    public void Flagged_steps_are_marked_and_their_flag_sentences_are_shown()
    {
        // Arrange
        var flagged = Sleep.Experiments.SelectMany(
            e => e.Variants.SelectMany(v => v.Steps.Where(s => s.Flags.Count > 0).Select(s => (e, v, s)))).ToList();
        Assert.NotEmpty(flagged);

        // Act
        var html = HtmlReport.Render(Sleep);
        var text = VisibleText(html);

        // Assert
        foreach (var (experiment, variant, step) in flagged)
        {
            var row = Regex.Match(StepTableOf(html, experiment, variant),
                $"<tr class=\"step flagged[^\"]*\" data-concurrency=\"{step.Concurrency}\">.*?</tr>", RegexOptions.Singleline);
            Assert.True(row.Success, $"no flagged row for {variant.Name} at {step.Concurrency} clients");
            Assert.Contains("⚠", row.Value, StringComparison.Ordinal);
            Assert.All(FlagText.All(step), flag => Assert.Contains(flag, text, StringComparison.Ordinal));
        }
    }

    [Fact]
    public void A_skipped_experiment_shows_its_reason_instead_of_results()
    {
        // Arrange
        var skipped = Skipped.Experiments.First(e => e.SkippedReason is not null);

        // Act
        var html = HtmlReport.Render(Skipped);

        // Assert
        var section = Regex.Match(html,
            $"<section class=\"experiment skipped\" id=\"experiment-{skipped.Name}\".*?</section>",
            RegexOptions.Singleline);
        Assert.True(section.Success);
        Assert.Contains("skipped-reason", section.Value, StringComparison.Ordinal);
        Assert.Contains(skipped.SkippedReason!, VisibleText(section.Value), StringComparison.Ordinal);
        Assert.DoesNotContain("<canvas", section.Value, StringComparison.Ordinal);
    }

    [Fact]
    public void Missing_server_figures_render_as_dashes()
    {
        // Arrange
        var experiment = Skipped.Experiments.First(e => e.SkippedReason is null);
        var variant = experiment.Variants[0];
        Assert.All(variant.Steps, s => Assert.Null(s.ServerP50Ms));

        // Act
        var table = StepTableOf(HtmlReport.Render(Skipped), experiment, variant);

        // Assert
        Assert.Contains("<td class=\"num\">–</td>", table, StringComparison.Ordinal);
        Assert.DoesNotContain("null", table, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Each_experiment_that_ran_gets_throughput_latency_and_thread_pool_charts()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        for (var i = 0; i < Sleep.Experiments.Count; i++)
        {
            // Act
            var canvases = Regex.Matches(html,
                $"<canvas data-chart=\"(\\w+)\" data-experiment=\"{i}\"").Select(m => m.Groups[1].Value).ToList();

            // Assert
            var timelines = Sleep.Experiments[i].Variants.Count(v => v.Timeline.Count > 0);
            string[] expected = ["throughput", "latency", .. Enumerable.Repeat("timeline", timelines)];
            Assert.Equal(expected, canvases);
        }
    }

    [Fact]
    public void The_page_loads_nothing_from_the_network()
    {
        // Arrange, Act
        var html = HtmlReport.Render(Sleep);

        // Assert: a link to a source (<a href>) is followed only when the reader clicks it
        Assert.DoesNotMatch(new Regex(@"<(?!a\b)[^>]*\b(?:src|href)\s*=\s*[""']?\s*(?:https?:)?//", RegexOptions.IgnoreCase), html);
        Assert.DoesNotMatch(new Regex(@"<link\b[^>]*\bstylesheet", RegexOptions.IgnoreCase), html);
        Assert.DoesNotContain("@import", html, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("Chart.js v4.6.1", html, StringComparison.Ordinal);
    }

    [Fact]
    public void The_embedded_results_read_back_as_the_same_document()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        // Act
        var embedded = EmbeddedResults(html);

        // Assert
        Assert.Equal(Sleep.Run.Machine, embedded.Run.Machine);
        Assert.Equal(Sleep.Run.Sla, embedded.Run.Sla);
        Assert.Equal(Sleep.Experiments.Count, embedded.Experiments.Count);
        var (expected, actual) = (Sleep.Experiments[0].Variants[^1], embedded.Experiments[0].Variants[^1]);
        Assert.Equal(expected.Capacity, actual.Capacity);
        Assert.Equal(expected.Steps.Select(s => s.P95Ms), actual.Steps.Select(s => s.P95Ms));
        Assert.Equal(expected.Timeline.Count, actual.Timeline.Count);
    }

    [Fact]
    public void Text_from_the_results_is_escaped_everywhere()
    {
        // Arrange
        const string Hostile = "<script>alert(1)</script>";
        var experiment = Sleep.Experiments[0];
        var variant = experiment.Variants[0] with { Name = Hostile, Description = Hostile };
        var document = Sleep with
        {
            Run = Sleep.Run with { Machine = Hostile, Target = AppTarget.Legacy("\"><img src=x onerror=alert(1)>") },
            Experiments = [experiment with { Title = Hostile, Variants = [variant, .. experiment.Variants.Skip(1)] }],
        };

        // Act
        var html = HtmlReport.Render(document);

        // Assert
        Assert.DoesNotContain("<script>alert(1)", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<img src=x", html, StringComparison.Ordinal);
        Assert.Contains("&lt;script&gt;alert(1)&lt;/script&gt;", html, StringComparison.Ordinal);
        Assert.Equal(4, Regex.Count(html, "<script"));
    }

    [Fact]
    public void The_page_defines_the_variant_colours_the_charts_use()
    {
        // Arrange
        var html = HtmlReport.Render(Sleep);

        // Act
        var model = EmbeddedModel(html);
        var throughput = model.GetProperty("e0-throughput").GetProperty("datasets");

        // Assert
        Assert.Contains("--blocking-0: #d9480f;", html, StringComparison.Ordinal);
        Assert.Contains("--async-0: #1971c2;", html, StringComparison.Ordinal);
        Assert.Contains(".variant-blocking-0 { --variant: var(--blocking-0); }", html, StringComparison.Ordinal);
        Assert.Equal(["#d9480f", "#1971c2", "#8c959f", "#1971c2"],
            throughput.EnumerateArray().Select(d => d.GetProperty("color").GetString()));
    }

    [Fact]
    public void Each_canvas_names_a_chart_of_the_embedded_model()
    {
        // Arrange
        var html = HtmlReport.Render(Golden("results-db.json"));

        // Act
        var names = Regex.Matches(html, "<canvas [^>]*data-model=\"([^\"]+)\"").Select(m => m.Groups[1].Value).ToList();
        var model = EmbeddedModel(html);

        // Assert
        Assert.Equal(["e0-throughput", "e0-latency", "e0-timeline-0", "e0-timeline-1"], names);
        Assert.Equal(names, model.EnumerateObject().Select(p => p.Name));
    }
}
