using System.Globalization;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// An answer's words quote its runs too: every figure is a link to its run (docs/workshop/runs/figures.py writes its
/// text and says the queries), a figure the run does not hold says its source (a link to it, or a reading by hand with
/// its date), and the only other numbers are the run's own settings (the delay, the SLA, the cores, a knob's value).
/// </summary>
public sealed partial class WorkshopFiguresTests
{
    private const int MostWords = 150;

    public static TheoryData<string> Labs => [.. WorkshopPages.Labs.Where(lab => WorkshopPages.Slot(lab) is null)];

    [Theory]
    [MemberData(nameof(Labs))]
    public async Task Every_figure_in_a_lab_is_what_its_run_holds_and_none_rests_on_flagged_steps_unsaid(string lab)
    {
        // Act
        var (exitCode, _, problems) = await RunsScript.RunAsync("figures.py", WorkshopPages.Workshop,
            ["--check", Path.Combine(WorkshopPages.Workshop, lab)]);

        // Assert
        Assert.True(exitCode == 0, problems);
        Assert.Matches(Figure(), WorkshopPages.Answer(lab));
    }

    [Fact]
    public async Task A_figure_whose_probes_left_clients_unanswered_says_flagged_where_they_undermine_it_and_only_there()
    {
        // Arrange: lab 9's 10,000 connections, 777 clients unanswered: its throughput is undermined, its threads are not
        var folder = Directory.CreateTempSubdirectory("figures-flagged-").FullName;
        File.Copy(Path.Combine(WorkshopPages.Runs, "lab9-c10k-backlog512.json"),
            Path.Combine(Directory.CreateDirectory(Path.Combine(folder, "runs")).FullName, "lab9-c10k-backlog512.json"));
        var page = Path.Combine(folder, "page.md");
        const string Run = "runs/lab9-c10k-backlog512.json";
        var threads = $"[7]({Run} \"connections/async threads-end at 10000\")";

        try
        {
            // Act
            await File.WriteAllTextAsync(page,
                $"# A page\n\n- [2,306]({Run} \"connections/async rps at 10000\") req/s on {threads} threads.\n");
            var (unsaid, _, problems) = await RunsScript.RunAsync("figures.py", folder, ["--check", page]);
            await File.WriteAllTextAsync(page,
                $"# A page\n\n- [2,306]({Run} \"connections/async rps at 10000 flagged\") req/s (flagged) on {threads} threads.\n");
            var (said, _, none) = await RunsScript.RunAsync("figures.py", folder, ["--check", page]);

            // Assert
            Assert.NotEqual(0, unsaid);
            Assert.Contains("rps at 10000\") rests only on flagged steps", problems, StringComparison.Ordinal);
            Assert.DoesNotContain("threads-end", problems, StringComparison.Ordinal);
            Assert.True(said == 0, none);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task Every_figure_of_the_findings_is_what_its_run_holds()
    {
        // Arrange
        var findings = Path.Combine(Repository.Root, "docs", "findings.md");

        // Act
        var (exitCode, _, problems) = await RunsScript.RunAsync("figures.py", Path.GetDirectoryName(findings)!, ["--check", findings]);

        // Assert: the check ran on figures (the findings quote the sustained runs' holds)
        Assert.True(exitCode == 0, problems);
        Assert.Matches(@"\]\(workshop/runs/[^ )]+\.json ""[^""]+ hold-", File.ReadAllText(findings));
    }

    [Fact]
    public async Task The_READMEs_times_are_those_of_the_runs_it_names()
    {
        // Act
        var (exitCode, _, problems) = await RunsScript.RunAsync("figures.py", Repository.Root, ["--check", "README.md"]);

        // Assert: the check ran on the times (the main sweep's and one pair's quick sweep)
        Assert.True(exitCode == 0, problems);
        var readme = await File.ReadAllTextAsync(Path.Combine(Repository.Root, "README.md"));
        Assert.Equal(2, Regex.Count(readme, @"\]\(docs/workshop/runs/[^ )]+\.json ""run minutes""\)"));
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
