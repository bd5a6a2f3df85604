using System.CommandLine;
using System.Globalization;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;

namespace AsyncCapacity.Cli.Commands;

internal static class CompareCommand
{
    public static Command Create()
    {
        var runs = new Argument<string[]>("RUNS")
        {
            Description = "Two or more results.json files, or the report folders that hold them; the first is the baseline. "
                + "Each run is named by its folder (reports/lab2-sleep → lab2-sleep).",
            Arity = new ArgumentArity(2, 100),
        };
        var output = new Option<DirectoryInfo?>("--out", "-o")
        {
            Description = "Folder for compare.html [default: the baseline's folder].",
        };
        var noise = new Option<double>("--noise-percent")
        {
            Description = "A relative change smaller than this is noise, shown as ~ and not called a change: each step is measured once, "
                + "and a shared machine drifts. A step flagged in either run is shown with ? and never judged.",
            DefaultValueFactory = _ => NoiseRule.DefaultPercent,
            Validators = { result => RequirePercent(result, "--noise-percent", result.GetValueOrDefault<double>()) },
        };

        var failBelow = new Option<double?>("--fail-below")
        {
            Description = "A gate for CI: exit 3 when a variant's capacity fell by more than this percentage against the baseline, "
                + "significantly (the 95% interval of the knee's ratio, from both runs' probes, lies wholly below 1 − PCT). Two runs "
                + "of the same code do not trip it, nor a blocking variant judged at another time under load (a quick run against a "
                + "standard one) whose pool grew during its probes: that is another point of its curve [default: no gate].",
            Validators = { result => RequirePercent(result, "--fail-below", result.GetValueOrDefault<double?>()) },
        };

        var command = new Command("compare",
            "Compare runs (change one knob, run again): what differs between their settings, req/s and p95 per step with the change, "
            + "capacity at SLA, verdicts that flipped, flags raised in one run only; prints a table and writes compare.html. "
            + "Warns when the runs are not like for like (another machine, other steps or step lengths).")
        {
            runs,
            output,
            noise,
            failBelow,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(parse.GetValue(runs)!, parse.GetValue(output), parse.GetValue(noise), parse.GetValue(failBelow), token),
            cancellationToken));
        return command;
    }

    private static void RequirePercent(System.CommandLine.Parsing.OptionResult result, string name, double? value)
    {
        if (value is { } percent && !(percent > 0 && percent < 100))
        {
            result.AddError(string.Create(CultureInfo.InvariantCulture, $"{name} must be above 0 and below 100; got {percent}."));
        }
    }

    private static async Task RunAsync(
        string[] inputs, DirectoryInfo? output, double noisePercent, double? failBelow, CancellationToken cancellationToken)
    {
        var files = inputs.Select(ResultsFile).ToList();
        var runs = new List<ComparedRun>();
        foreach (var file in files)
        {
            var json = await File.ReadAllTextAsync(file, cancellationToken);
            if (LoadTool.IsResultsFile(json))
            {
                throw new UsageException($"{file} is a k6 results file, not a run's results.json: "
                    + $"render it first (capacity report {file}), then compare the folder.");
            }

            // A run written before there were predictions gets them, so every run's column reads alike.
            runs.Add(new ComparedRun(Label(file, runs), Predictions.Attach(ResultsJson.Deserialize(json, file))));
        }

        var comparison = RunComparison.Of(runs, new NoiseRule(noisePercent));
        if (comparison.Experiments.Count == 0)
        {
            throw new UsageException("These runs have no variant in common that ran in all of them: "
                + string.Join("; ", runs.Select(r => $"{r.Label}: {string.Join(", ", Ran(r.Document))}"))
                + ". compare puts each variant beside itself in other runs (one knob changed); a blocking variant beside its "
                + "async twin is one sweep of both, in one report.");
        }

        await Console.Out.WriteAsync(CompareText.Render(comparison));
        var directory = output?.FullName ?? Path.GetDirectoryName(files[0])!;
        Directory.CreateDirectory(directory);
        var html = Path.Combine(directory, "compare.html");
        await File.WriteAllTextAsync(html, CompareHtml.Render(comparison), cancellationToken);
        Console.WriteLine($"Comparison: {html}");
        if (failBelow is { } percent)
        {
            Gate(comparison, percent);
        }
    }

    /// <summary>--fail-below: every variant whose capacity fell by more than the percentage, significantly, or none.</summary>
    private static void Gate(RunComparison comparison, double percent)
    {
        var fell = (from experiment in comparison.Experiments
                    from variant in experiment.Variants
                    from change in variant.CapacityChanges.Select((c, i) => (Change: c, Run: i + 1))
                    where change.Change?.FellBy(percent) == true
                    select $"{experiment.Name} {variant.Name} in run {change.Run}: {change.Change!.Text}").ToList();
        // A capacity judged at another time under load, where the pool grew, is not a change the gate may fail on.
        var notGated = (from experiment in comparison.Experiments
                        from variant in experiment.Variants
                        where variant.CapacityChanges.Any(c => c?.Kind == CapacityChangeKind.HorizonsDiffer)
                        select $"{experiment.Name} {variant.Name}").ToList();
        var unjudged = notGated.Count == 0 ? ""
            : $" Not gated: {string.Join(", ", notGated)}, judged at different times under load while the pool grew (see above).";
        var gate = string.Create(CultureInfo.InvariantCulture, $"--fail-below {percent:0.#}%");
        if (fell.Count == 0)
        {
            Console.WriteLine($"{gate}: no capacity fell by more than that, significantly.{unjudged}");
            return;
        }

        throw new CapacityFellException($"{gate}: {string.Join("; ", fell)}.{unjudged}");
    }

    /// <summary>A results.json, or the folder that holds one; anything else is refused, naming what was expected.</summary>
    private static string ResultsFile(string input)
    {
        if (File.Exists(input))
        {
            return Path.GetFullPath(input);
        }

        if (Directory.Exists(input))
        {
            var results = Path.Combine(input, "results.json");
            return File.Exists(results)
                ? Path.GetFullPath(results)
                : throw new UsageException(
                    $"{Path.GetFullPath(input)} holds no results.json: give the folder of a `capacity sweep` report, or its results.json.");
        }

        throw new UsageException(
            $"{Path.GetFullPath(input)} does not exist. Give results.json files, or the report folders that hold them.");
    }

    /// <summary>The run's folder name (reports/lab2-sleep → lab2-sleep), or its file's when not results.json (runs/db-1.json →
    /// db-1), numbered when two runs share one.</summary>
    private static string Label(string file, List<ComparedRun> earlier)
    {
        var name = Path.GetFileName(file) == "results.json" && Path.GetFileName(Path.GetDirectoryName(file)) is { Length: > 0 } folder
            ? folder
            : Path.GetFileNameWithoutExtension(file);
        return earlier.Any(r => r.Label == name) ? $"{name} ({earlier.Count + 1})" : name;
    }

    private static IEnumerable<string> Ran(ResultsDocument document) =>
        document.Experiments.Where(e => e.SkippedReason is null)
            .Select(e => $"{e.Name} {string.Join(" and ", e.Variants.Select(v => v.Name))}").DefaultIfEmpty("none");
}
