using System.Globalization;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Docs;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// An answer's words quote its runs too: every figure is a link to its run (`capacity docs render` writes its text;
/// <see cref="FigureQuery"/> says the queries), a figure the run does not hold says its source (a link to it, or a reading by hand with
/// its date), and the only other numbers are the run's own settings (the delay, the SLA, the cores, a knob's value).
/// </summary>
public sealed partial class WorkshopFiguresTests
{
    private const int MostWords = 150;

    public static TheoryData<string> Labs => [.. WorkshopPages.Labs.Where(lab => WorkshopPages.Slot(lab) is null)];

    [Theory]
    [MemberData(nameof(Labs))]
    public void Every_figure_in_a_lab_is_what_its_run_holds_and_none_rests_on_flagged_steps_unsaid(string lab)
    {
        // Act
        var problems = RecordedRun.Docs.Check(Path.Combine(WorkshopPages.Workshop, lab));

        // Assert: and the answer quotes its runs by figures
        Assert.True(problems.Count == 0, string.Join('\n', problems));
        Assert.Matches(Figure(), WorkshopPages.Answer(lab));
    }

    [Fact]
    public void A_figure_whose_probes_left_clients_unanswered_says_flagged_where_they_undermine_it_and_only_there()
    {
        // Arrange: lab 12's 10,000 connections, 777 clients unanswered: its throughput is undermined, its threads are not
        const string Run = "runs/lab12-c10k-backlog512.json";
        var threads = $"[7]({Run} \"connections/async threads-end at 10000\")";
        var unsaid = $"# A page\n\n- [2,306]({Run} \"connections/async rps at 10000\") req/s on {threads} threads.\n";
        var said = $"# A page\n\n- [2,306]({Run} \"connections/async rps at 10000 flagged\") req/s (flagged) on {threads} threads.\n";
        var markedOnly = $"# A page\n\n- [2,306]({Run} \"connections/async rps at 10000 flagged\") req/s on {threads} threads.\n";

        // Act
        var sources = RecordedRun.Docs.Sources;
        var (whenUnsaid, whenSaid, whenMarkedOnly) = (DocsPage.Check(unsaid, WorkshopPages.Workshop, sources),
            DocsPage.Check(said, WorkshopPages.Workshop, sources), DocsPage.Check(markedOnly, WorkshopPages.Workshop, sources));

        // Assert
        var problem = Assert.Single(whenUnsaid);
        Assert.Contains("rps at 10000\") rests only on probes whose flags undermine it", problem, StringComparison.Ordinal);
        Assert.Empty(whenSaid);
        Assert.Contains("its sentence does not say so", Assert.Single(whenMarkedOnly), StringComparison.Ordinal);
    }

    [Fact]
    public void A_figure_its_run_does_not_hold_is_named_with_what_the_run_gives()
    {
        // Arrange: lab 6's one client served 19.25 req/s, which the report rounds half up
        var page = "- [19.2](runs/lab6-db.json \"db/sync rps at 1\") req/s; [5](runs/lab6-db.json \"db/sync nonsense\").\n";

        // Act
        var problems = DocsPage.Check(page, WorkshopPages.Workshop, RecordedRun.Docs.Sources);
        var rendered = DocsPage.Render(page, WorkshopPages.Workshop, RecordedRun.Docs.Sources);

        // Assert: the wrong figure is rewritten, the query that cannot be answered kept as it was
        Assert.Contains(problems, p => p.EndsWith("is 19.3 in the run", StringComparison.Ordinal));
        Assert.Contains(problems, p => p.Contains("no field 'nonsense'", StringComparison.Ordinal));
        Assert.StartsWith("- [19.3](runs/lab6-db.json", rendered.Text, StringComparison.Ordinal);
        Assert.Contains("[5](runs/lab6-db.json \"db/sync nonsense\")", rendered.Text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_findings_quote_the_loads_held_and_the_README_the_minutes_of_its_runs()
    {
        // Arrange
        var findings = File.ReadAllText(Path.Combine(Repository.Root, "docs", "findings.md"));
        var readme = File.ReadAllText(Path.Combine(Repository.Root, "README.md"));

        // Assert: both are among the pages checked against their runs (Every_page_is_what_capacity_docs_render_writes_of_its_runs)
        Assert.Matches(@"\]\(workshop/runs/[^ )]+\.json ""[^""]+ hold-", findings);
        Assert.Equal(2, Regex.Count(readme, @"\]\(docs/workshop/runs/[^ )]+\.json ""run minutes""\)"));
        Assert.Contains(Path.Combine(Repository.Root, "README.md"), RecordedRun.Docs.Pages());
        Assert.Contains(Path.Combine(Repository.Root, "docs", "findings.md"), RecordedRun.Docs.Pages());
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public void Every_number_in_an_answers_prose_is_a_figure_of_its_run_or_one_of_its_settings(string lab)
    {
        // Arrange
        var answer = WorkshopPages.Answer(lab);
        var settings = Settings(WorkshopPages.QuotedRuns(answer).Select(run => RecordedRun.Read(Path.Combine(WorkshopPages.Workshop, run))));
        var prose = LabReference().Replace(SourcedLink().Replace(Figure().Replace(WorkshopPages.Prose(answer), ""), ""), "");

        // Act
        var stray = Number().Matches(prose).Select(m => m.Value)
            .Where(number => !settings.Contains(number.Replace(",", "", StringComparison.Ordinal)))
            .ToList();

        // Assert
        Assert.True(stray.Count == 0,
            $"{lab}: numbers in the answer that are neither a figure of its runs nor one of their settings: {string.Join(", ", stray)}");
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public void An_answer_is_at_most_150_words_beside_its_tables(string lab)
    {
        // Act
        var words = Word().Count(Figure().Replace(WorkshopPages.Prose(WorkshopPages.Answer(lab)), "$1"));

        // Assert
        Assert.True(words <= MostWords, $"{lab}: its answer has {words} words");
    }

    [Theory]
    [MemberData(nameof(Labs))]
    public void A_reading_by_hand_says_when_it_was_made(string lab)
    {
        // Assert
        Assert.All(WorkshopPages.ByHand().Matches(WorkshopPages.Text(lab)), reading => Assert.Matches(Date(), reading.Groups[1].Value));
    }

    /// <summary>What a run was told to do (its question's delay, the SLA, the cores, a knob), as a learner writes them.</summary>
    private static HashSet<string> Settings(IEnumerable<ResultsDocument> runs)
    {
        var values = new List<double>();
        var versions = new List<string>();
        foreach (var document in runs)
        {
            var run = document.Run;
            values.AddRange([run.Cores, run.Sla.P95Ms, run.Sla.P95Ms / 1000, run.Sla.MaxErrorRate * 100]);
            values.AddRange([run.Settings.WarmupSeconds, run.Settings.StepSeconds, run.Settings.WarmupSeconds + run.Settings.StepSeconds]);
            values.AddRange(run.Settings.Steps.Select(s => (double)s));
            values.AddRange(new double?[] { run.DatabasePoolSize, run.Settings.MinWorkerThreads, run.Settings.RequestQueue?.Limit,
                run.Settings.RequestQueue?.MaxConcurrent, run.CpuQuota?.Cpus }.OfType<double>());
            values.AddRange((run.Settings.AppSettings?.Values ?? []).Select(Parsed).OfType<double>());
            foreach (var experiment in document.Experiments)
            {
                values.AddRange(experiment.Parameters.Values.Select(Parsed).OfType<double>());
                values.AddRange(experiment.Parameters.Values.Select(Parsed).OfType<double>().Select(ms => ms / 1000));
                values.AddRange([experiment.Sla.P95Ms, experiment.Sla.P95Ms / 1000]);
                // --sustain's horizon, in seconds and minutes as a learner writes it ("held for 2 minutes").
                values.AddRange(experiment.Variants.Select(v => v.Sustained?.HorizonSeconds).OfType<double>().SelectMany(h => new[] { h, h / 60 }));
            }

            versions.AddRange([run.DotnetVersion, run.K6Version]);
        }

        var texts = values.Select(v => v.ToString(CultureInfo.InvariantCulture)).ToHashSet();
        texts.Add("90"); // the estimate's interval, a percentage every capacity gives
        texts.UnionWith(versions.SelectMany(v => Version().Matches(v).Select(m => m.Value)));
        return texts;
    }

    private static double? Parsed(string text) => double.TryParse(text, CultureInfo.InvariantCulture, out var value) ? value : null;

    [GeneratedRegex(@"\[([^\]]*)\]\(runs/[^ )]+\.json ""[^""]+""\)")]
    private static partial Regex Figure();

    /// <summary>A figure no run holds, quoted with its source: a public page, or the primer's line of the runtime.</summary>
    [GeneratedRegex(@"\[[^\]]*\]\((https?://[^)]+|primer\.md#[^)]+)\)")]
    private static partial Regex SourcedLink();

    [GeneratedRegex(@"\b(labs?|ideas?|issue) \d+((, | and | or )\d+)*")]
    private static partial Regex LabReference();

    [GeneratedRegex(@"(?<![\w.,])\d+(?:\.\d+)+(?=\b)|(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w])")]
    private static partial Regex Number();

    [GeneratedRegex(@"\d+\.\d+\.\d+")]
    private static partial Regex Version();

    [GeneratedRegex(@"\S+")]
    private static partial Regex Word();

    [GeneratedRegex(@"\d{4}-\d{2}-\d{2}")]
    private static partial Regex Date();
}
