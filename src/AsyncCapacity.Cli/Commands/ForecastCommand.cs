using System.CommandLine;
using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Pool;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Docs;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity forecast`: how the pool grows under a load held, by the runtime's own rules, in a second and without a sweep:
/// the band of the pool's threads and the p95 over many simulated runs, and when the load is caught up with.</summary>
internal static class ForecastCommand
{
    public static Command Create()
    {
        var clients = new Option<int>("--clients")
        {
            Description = "The clients held, a closed loop without think time, as --sustain-at holds them (needed without --check).",
            Validators = { r => { if (r.GetValueOrDefault<int>() is < 1 or > 100_000) r.AddError("--clients takes 1 to 100,000."); } },
        };
        var horizon = new Option<string>("--for")
        {
            Description = "How long the load is held: 90s, 2m.",
            DefaultValueFactory = _ => "2m",
        };
        var from = new Option<FileInfo?>("--from")
        {
            Description = "A results.json whose variant's shape to simulate, as its probes read it (how it blocks, its hold, its cores "
                + "and pool minimum); with --variant.",
        };
        var variant = new Option<string?>("--variant", "-v")
        {
            Description = "EXPERIMENT:VARIANT of the --from run, such as sleep:sync; with --check, that variant's held loads only.",
        };
        var how = new Option<string?>("--how")
        {
            Description = "Without --from: sleeps (Thread.Sleep, a sync socket read: the pool is told nothing), waits-on-task (.Result, "
                + "GetAwaiter().GetResult(): cooperative blocking) or awaits.",
        };
        var hold = new Option<double>("--hold-ms")
        {
            Description = "Without --from: how long each request waits, in ms.",
            DefaultValueFactory = _ => 500,
        };
        var cores = new Option<int?>("--cores")
        {
            Description = "Without --from: the app's processors (Environment.ProcessorCount) [default: this machine's].",
        };
        var minThreads = new Option<int?>("--min-threads")
        {
            Description = "The pool's minimum, as --min-threads sets it [default: the processors, or the run's].",
        };
        var sla = new Option<double>("--sla-p95-ms")
        {
            Description = "The p95 a second is judged against (with --from, the run's).",
            DefaultValueFactory = _ => 1000,
        };
        var runs = new Option<int>("--runs")
        {
            Description = "Simulated runs, each with its own seed: the band is their 10th to 90th percentile.",
            DefaultValueFactory = _ => PoolForecast.DefaultRuns,
        };
        var check = new Option<FileInfo[]>("--check")
        {
            Description = "Results files whose held loads (--sustain) to check against the forecast: for each, the share of its seconds "
                + "whose pool threads lay inside the band, and its catch-up beside the band's; the other options are then not needed.",
            AllowMultipleArgumentsPerToken = true,
        };
        var ioHops = new Option<int>("--io-hops")
        {
            Description = "What if each request first passed through this many short work items of the server's transport, each "
                + "queued behind the requests (Kestrel's socket events and pipe continuations) [default: 0, the forecast's model].",
            Validators = { r => { if (r.GetValueOrDefault<int>() is < 0 or > 5) r.AddError("--io-hops takes 0 to 5."); } },
        };
        var refresh = new Option<FileInfo[]>("--refresh")
        {
            Description = "Results files whose held loads' forecasts to write again by the simulation, in place: runs recorded before it "
                + "carry the injection laws' bound (\"at the earliest\"); every measurement stays as it was.",
            AllowMultipleArgumentsPerToken = true,
        };
        var record = new Option<FileInfo?>("--record")
        {
            Description = "With --check: also write the check to this JSON file, the record docs/findings.md renders its table from "
                + "(`capacity docs render`).",
        };
        var command = new Command("forecast", "Forecast how the thread pool grows under a held load, by the runtime's own rules "
            + "(gate thread, hill climbing, cooperative blocking), simulated without a sweep: the band of its threads and p95 second "
            + "by second, and when the load is caught up with.")
        {
            clients, horizon, from, variant, how, hold, cores, minThreads, sla, runs, check, ioHops, record, refresh,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async _ =>
        {
            if (parse.GetValue(refresh) is { Length: > 0 } recorded)
            {
                foreach (var run in recorded)
                {
                    var count = await RefreshAsync(run, cancellationToken);
                    Console.WriteLine($"{run.Name}: {count} held load{(count == 1 ? "" : "s")} forecast again");
                }

                return;
            }

            if (parse.GetValue(check) is { Length: > 0 } files)
            {
                var hops = parse.GetValue(ioHops);
                var checks = Checked(files, parse.GetValue(runs), parse.GetValue(variant), hops) with
                {
                    Command = "capacity forecast --check " + string.Join(' ', files.Select(f => f.ToString()))
                        + $" --runs {parse.GetValue(runs)}" + (parse.GetValue(variant) is { } only ? $" --variant {only}" : "")
                        + (hops > 0 ? $" --io-hops {hops}" : ""),
                    On = DateOnly.FromDateTime(DateTime.UtcNow),
                };
                if (parse.GetValue(record) is { } recordTo)
                {
                    await File.WriteAllTextAsync(recordTo.FullName, checks.ToJson(), cancellationToken);
                }

                await Console.Out.WriteAsync(ForecastTable.Of(checks with { Command = null }));
                return;
            }

            if (parse.GetResult(clients) is null)
            {
                throw new UsageException("Give --clients N (the load held), or --check RESULTS to check recorded held loads.");
            }

            var seconds = SustainOptionGroup.Seconds(parse.GetValue(horizon)) is { } s and >= 1 and <= 1800 ? (int)s
                : throw new UsageException($"--for takes a duration from 1s to 30m, such as 90s or 2m; got '{parse.GetValue(horizon)}'.");
            var (shape, slaMs, sessions, said) = parse.GetValue(from) is { } file
                ? FromRun(file, parse.GetValue(variant), parse.GetValue(clients), parse.GetValue(minThreads))
                : Given(parse.GetValue(how), parse.GetValue(hold), parse.GetValue(cores), parse.GetValue(clients),
                    parse.GetValue(minThreads), parse.GetValue(sla));
            shape = shape with { IoHops = parse.GetValue(ioHops) };
            var band = PoolForecast.Of(shape, new HoldTerms(shape.Clients, new Sla(slaMs, 0.01), sessions), seconds, parse.GetValue(runs));
            await Console.Out.WriteAsync(Render(band, said, slaMs));
        }, cancellationToken));
        return command;
    }

    /// <summary>Each held load's forecast written again as a sweep writes it now (<see cref="SustainedPhase.Forecast"/>, then read
    /// against what was measured), and the capacity-over-time curve's forecast read between them
    /// (<see cref="SustainedAnalysis.ForecastAt"/>), in the file's own JSON: nothing else of it changes.</summary>
    private static async Task<int> RefreshAsync(FileInfo file, CancellationToken cancellationToken)
    {
        if (!file.Exists)
        {
            throw new UsageException($"{file.FullName} does not exist.");
        }

        var text = await File.ReadAllTextAsync(file.FullName, cancellationToken);
        var document = Predictions.Attach(ResultsJson.Deserialize(text, file.FullName));
        var json = JsonNode.Parse(text)!;
        var held = RecordedHolds(document).ToList();
        foreach (var h in held)
        {
            var forecast = SustainedPhase.Forecast(h.Facts, h.Terms, h.Sustained.HorizonSeconds, document.Run.Settings.MinWorkerThreads);
            json["experiments"]![h.At.Experiment]!["variants"]![h.At.Variant]!["sustained"]!["holds"]![h.At.Hold]!["forecast"] =
                JsonSerializer.SerializeToNode(ForecastCheck.Read(forecast, h.Hold), ResultsJson.Options);
        }

        // The capacity-over-time curve's forecast, read between the held loads' new forecasts as a sweep now reads it.
        foreach (var v in held.GroupBy(h => (h.At.Experiment, h.At.Variant)))
        {
            var sustained = json["experiments"]![v.Key.Experiment]!["variants"]![v.Key.Variant]!["sustained"]!;
            var holds = sustained["holds"].Deserialize<List<SustainedHold>>(ResultsJson.Options)!;
            var curve = sustained["curve"]!.AsArray();
            foreach (var point in curve.OfType<JsonObject>())
            {
                var predicted = SustainedAnalysis.ForecastAt(holds, v.First().Sustained.HorizonSeconds, (double)point["seconds"]!);
                point.Remove("predicted");
                if (predicted is not null)
                {
                    point["predicted"] = predicted;
                }
            }
        }

        await KeptRun.WriteAsync(file.FullName, json, cancellationToken);
        return held.Count;
    }

    /// <summary>Every held load of the runs beside the band simulated for it.</summary>
    internal static ForecastChecks Checked(IEnumerable<FileInfo> files, int runs, string? only = null, int ioHops = 0)
    {
        var holds = new List<CheckedHold>();
        foreach (var file in files)
        {
            if (!file.Exists)
            {
                throw new UsageException($"{file.FullName} does not exist.");
            }

            var document = Predictions.Attach(ResultsJson.Deserialize(File.ReadAllText(file.FullName), file.FullName));
            foreach (var h in RecordedHolds(document).Where(h => only is null || only == $"{h.Experiment.Name}:{h.Variant.Name}"))
            {
                var minimum = document.Run.Settings.MinWorkerThreads;
                var shape = PoolForecast.ShapeOf(h.Facts, h.Hold.Concurrency, minimum) with { IoHops = ioHops };
                var band = PoolForecast.Of(shape, h.Terms, (int)Math.Ceiling(h.Sustained.HorizonSeconds), runs);
                holds.Add(new CheckedHold(Path.GetFileNameWithoutExtension(file.Name), h.Experiment.Name, h.Variant.Name,
                    h.Hold.HeldSeconds, BandCheck.Of(h.Hold, band)));
            }
        }

        return new ForecastChecks(runs, holds);
    }

    /// <summary>Every measured held load of a run whose variant the laws read (its pool's facts known), and where it sits in
    /// the file.</summary>
    private static IEnumerable<RecordedHold> RecordedHolds(ResultsDocument document) =>
        from e in document.Experiments.Select((experiment, i) => (Result: experiment, At: i))
        from v in e.Result.Variants.Select((variant, i) => (Result: variant, At: i))
        let facts = v.Result.Sustained is null ? null : PoolFactsReader.Of(e.Result, v.Result, document.Run)
        where facts is not null
        from h in v.Result.Sustained!.Holds.Select((hold, i) => (Result: hold, At: i))
        where h.Result.EndedBy != HoldEnd.Failed
        select new RecordedHold(e.Result, v.Result, v.Result.Sustained!, facts, h.Result, (e.At, v.At, h.At));

    private sealed record RecordedHold(ExperimentResult Experiment, VariantResult Variant, Sustained Sustained, PoolFacts Facts,
        SustainedHold Hold, (int Experiment, int Variant, int Hold) At)
    {
        public HoldTerms Terms => new(Hold.Concurrency, Experiment.Sla, Facts.Sessions);
    }

    private static (PoolShape Shape, double SlaMs, bool Sessions, string Said) FromRun(FileInfo file, string? variant, int clients,
        int? minThreads)
    {
        if (!file.Exists)
        {
            throw new UsageException($"{file.FullName} does not exist.");
        }

        var parts = (variant ?? throw new UsageException("--from needs --variant EXPERIMENT:VARIANT, such as sleep:sync.")).Split(':');
        var document = Predictions.Attach(ResultsJson.Deserialize(File.ReadAllText(file.FullName), file.FullName));
        var experiment = document.Experiments.FirstOrDefault(e => e.Name == parts[0])
            ?? throw new UsageException($"{file.Name} has no experiment {parts[0]}.");
        var found = experiment.Variants.FirstOrDefault(v => parts.Length == 2 && v.Name == parts[1])
            ?? throw new UsageException($"{file.Name} has no variant {variant}.");
        var facts = PoolFactsReader.Of(experiment, found, document.Run)
            ?? throw new UsageException($"{variant} holds no pool thread while it waits (or its probes leave its hold unknown): its pool "
                + "does not decide its capacity.");
        var shape = PoolForecast.ShapeOf(facts, clients, minThreads);
        return (shape, experiment.Sla.P95Ms, facts.Sessions, $"{variant} as {file.Name} read it");
    }

    private static (PoolShape Shape, double SlaMs, bool Sessions, string Said) Given(string? how, double holdMs, int? cores, int clients,
        int? minThreads, double slaMs)
    {
        var blocking = how switch
        {
            "sleeps" => Blocking.Sleeps,
            "waits-on-task" => Blocking.WaitsOnTask,
            "awaits" => Blocking.Awaits,
            _ => throw new UsageException("Give --how sleeps|waits-on-task|awaits, or --from a results.json with --variant."),
        };
        var processors = cores ?? Environment.ProcessorCount;
        return (PoolShape.Of(blocking, clients, holdMs, processors, minThreads), slaMs, false, $"a request that {how} {holdMs:0} ms");
    }

    private static string Render(PoolBand band, string said, double slaMs)
    {
        var shape = band.Shape;
        var text = new StringBuilder();
        var hops = shape.IoHops > 0 ? $"; each request first through {shape.IoHops} transport work items" : "";
        text.AppendLine(CultureInfo.InvariantCulture,
            $"{Format.Count(shape.Clients)} clients held for {Format.Seconds(band.Seconds)}: {said}; {shape.Processors} processors, the "
            + $"pool's minimum {shape.MinThreads}{hops}; {band.CatchUp.Runs} simulated runs, the band their 10th to 90th percentile.");
        text.AppendLine("  second   pool threads        p95");
        foreach (var second in band.Band.Where(b => b.Second % Step(band.Seconds) == 0 || b.Second == band.Seconds - 1))
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"  {second.Second,6}   {Range(second.ThreadsLow, second.ThreadsHigh, second.Threads),-18}  {Latency(second)}");
        }

        text.AppendLine(CatchUp(band, slaMs));
        return text.ToString();
    }

    private static int Step(int seconds) => seconds <= 30 ? 1 : seconds <= 120 ? 10 : 30;

    private static string Range(int low, int high, int median) =>
        low == high ? Format.Count(median) : $"{Format.Count(low)}–{Format.Count(high)} ({Format.Count(median)})";

    private static string Latency(BandSecond second) => second.P95 is null ? "none answered"
        : second.P95Low == second.P95High ? Format.Duration(second.P95)
        : $"{Format.Duration(second.P95Low)}–{Format.Duration(second.P95High)}";

    /// <summary>"caught up at 40–70 s (median 52 s) in 18 of 20 runs", "never within 2 min in 20 of 20 runs".</summary>
    private static string CatchUp(PoolBand band, double slaMs)
    {
        var c = band.CatchUp;
        var within = $"within the SLA (p95 ≤ {Format.Duration(slaMs)})";
        if (c.CaughtUp == 0)
        {
            return $"Caught up {within}: never within {Format.Seconds(band.Seconds)}, in {c.Runs} of {c.Runs} runs.";
        }

        var when = c.Low == c.High ? $"at {Format.Seconds(c.Median!.Value)}"
            : $"at {Format.Seconds(c.Low!.Value)}–{Format.Seconds(c.High!.Value)} (median {Format.Seconds(c.Median!.Value)})";
        var never = c.CaughtUp < c.Runs ? $"; never within {Format.Seconds(band.Seconds)} in {c.Runs - c.CaughtUp}" : "";
        return $"Caught up {within}: {when} in {c.CaughtUp} of {c.Runs} runs{never}.";
    }
}
