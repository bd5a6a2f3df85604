using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity runners`: load from runners the sweep does not start itself. `testrun` writes a k6-operator TestRun for each
/// load of a plan; `merge` merges the runners' results from their logs (`kubectl logs`) into one k6 results file, exactly, for
/// `capacity report`.</summary>
internal static class RunnersCommand
{
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true };

    public static Command Create() => new("runners", "Load from several k6 runners you start: k6-operator TestRuns, and their logs merged.")
    {
        TestRun(),
        Merge(),
    };

    private static Command TestRun()
    {
        var groups = new SweepOptionGroups();
        var command = new Command("testrun",
            "Write a k6-operator TestRun (and the ConfigMap holding its test) for each load of the plan that `capacity sweep` takes "
            + "from the same options: every experiment and variant chosen, at each of its steps (--steps). --target is the app as the "
            + "runners reach it. Apply one with kubectl, then `capacity runners merge` its runners' logs.");
        groups.AddTo(command);
        var parallelism = new Option<int>("--parallelism")
        {
            Description = "The runners of each TestRun (the operator gives each an execution segment).",
            DefaultValueFactory = _ => 2,
            Validators = { r => OptionValues.RequireRange(r, "--parallelism", 1, LoadRunnerOptionGroup.MaxRunners) },
        };
        var image = new Option<string>("--image")
        {
            Description = "The runners' image.",
            DefaultValueFactory = _ => "grafana/k6:2.2.0",
        };
        command.Options.Add(parallelism);
        command.Options.Add(image);
        command.Validators.Add(result =>
        {
            if (OptionValues.Valid(result, groups.App.Target) is null)
            {
                result.AddError("--target is needed: the app's URL as the runners in the cluster reach it (a Service, such as "
                    + "http://my-app.default.svc:8080).");
            }
        });
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            var request = groups.Request(parse);
            var plan = ExperimentPlans.Of(request, null);
            var layout = RepositoryLayout.Find();
            // The archives and k6's logs beside the manifests, out of their way.
            var raw = Directory.CreateDirectory(Path.Combine(request.OutputDirectory, "raw")).FullName;
            var k6 = await K6Tool.LocateAsync(layout, raw, token);
            foreach (var experiment in plan.Experiments)
            {
                foreach (var variant in experiment.Declaration.Variants)
                {
                    foreach (var load in experiment.Steps)
                    {
                        var name = TestRunManifest.NameOf(experiment.Id, variant.Name, load);
                        var tags = new ProbeTags(experiment.Id, variant.Name, load, 0, name);
                        var spec = new LoadSpec(name, experiment.Declaration, variant.Name, load, request.Model, experiment.Parameters,
                            request.Target!, request.ReadyPath ?? "/healthz", request.WarmupSeconds, request.StepSeconds, 0, experiment.Sla,
                            null, tags, null);
                        var archive = await SplitK6Generator.ArchiveAsync(k6, layout, raw, spec, token);
                        var bytes = await File.ReadAllBytesAsync(archive, token);
                        if (bytes.Length * 4 / 3 > TestRunManifest.MaxConfigMapBytes)
                        {
                            throw new HarnessException($"{name}'s test is {bytes.Length:N0} bytes, more than a ConfigMap holds "
                                + "once encoded (1 MiB): put it on a volume (spec.script.volumeClaim) instead.");
                        }

                        var path = Path.Combine(request.OutputDirectory, $"{name}.json");
                        var runners = parse.GetValue(parallelism);
                        var manifest = TestRunManifest.Of(name, runners, bytes, parse.GetValue(image)!);
                        await File.WriteAllTextAsync(path, manifest.ToJsonString(Indented), token);
                        await Console.Out.WriteLineAsync(
                            $"{path}: {experiment.Id} {variant.Name} at {request.Model.ConcurrentLoad(load)} on {runners} runners");
                    }
                }
            }

            await Console.Out.WriteLineAsync($"""

                Run one (k6-operator installed in the cluster; docs/distributed-load.md):
                  kubectl apply -f FILE.json
                  kubectl wait --for=jsonpath='{"{.status.stage}"}'=finished testrun/NAME --timeout=10m
                  kubectl logs -l k6_cr=NAME --tail=-1 --prefix > NAME.log
                  capacity runners merge NAME.log --out NAME-k6.json && capacity report NAME-k6.json
                  kubectl delete -f FILE.json
                """);
        }, cancellationToken));
        return command;
    }

    private static Command Merge()
    {
        var logs = new Argument<FileInfo[]>("logs")
        {
            Description = "Runner logs (`kubectl logs … --prefix`, or a k6 run's output with RESULTS_FILE=-): each line "
                + $"'{RunnerLines.ResultsMarker}…' is one runner's results; a file may hold several.",
            Arity = ArgumentArity.OneOrMore,
        };
        var output = new Option<string>("--out", "-o")
        {
            Description = "The merged k6 results file, which `capacity report` reads.",
            DefaultValueFactory = _ => "merged-k6.json",
        };
        var command = new Command("merge",
            "Merge the results of k6 runners that split one test (execution segments) into the results one k6 would have written on "
            + "all their requests: counts add exactly, and each step's SLA verdict is one k6's on the union.")
        {
            logs,
            output,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            var runners = new List<RunnerResults>();
            foreach (var log in parse.GetValue(logs)!)
            {
                if (!log.Exists)
                {
                    throw new UsageException($"{log.FullName} does not exist.");
                }

                var number = 0;
                foreach (var line in await File.ReadAllLinesAsync(log.FullName, token))
                {
                    number++;
                    var at = line.IndexOf(RunnerLines.ResultsMarker, StringComparison.Ordinal);
                    if (at >= 0)
                    {
                        // kubectl logs --prefix puts "[pod/NAME/k6] " before each line: the runner's name where there is one.
                        var where = at > 0
                            ? line[..at].Trim().Trim('[', ']')
                            : string.Create(CultureInfo.InvariantCulture, $"{log.Name}:{number}");
                        var json = line[(at + RunnerLines.ResultsMarker.Length)..];
                        try
                        {
                            runners.Add(new RunnerResults(where, K6ResultsFile.Parse(json, $"{log.Name}:{number}")));
                        }
                        catch (InvalidDataException ex)
                        {
                            throw new UsageException(ex.Message);
                        }
                    }
                }
            }

            if (runners.Count == 0)
            {
                throw new UsageException($"No runner's results in {string.Join(", ", parse.GetValue(logs)!.Select(l => l.Name))}: "
                    + $"each runner prints one line starting '{RunnerLines.ResultsMarker}' when its test ran with RESULTS_FILE=- "
                    + "(as `capacity runners testrun` writes it). Was the log cut short (kubectl logs --tail=-1)?");
            }

            MeasuredRun merged;
            try
            {
                merged = RunnerMerge.Merge(runners);
            }
            catch (InvalidDataException ex)
            {
                throw new UsageException(ex.Message);
            }

            var path = Path.GetFullPath(parse.GetValue(output)!);
            await File.WriteAllTextAsync(path, JsonSerializer.Serialize(merged, ResultsJson.Options), token);
            foreach (var step in merged.Steps)
            {
                var verdict = SlaJudge.Of(step, StepPlan.Of(step, merged.Model, merged.Declared(path)?.Load ?? LoadKind.Http), merged.Sla);
                var p95s = step.Runners!.Select(r => r.P95Ms).OfType<double>().ToList();
                await Console.Out.WriteLineAsync(
                    $"{merged.Experiment} {step.Variant} at {merged.Model.ConcurrentLoad(step.Concurrency)}: {Format.Count(step.Requests)} "
                    + $"requests from {runners.Count} runners ({string.Join(" + ", step.Runners!.Select(r => Format.Count(r.Requests)))}), "
                    + $"p95 {Format.Duration(step.DurationMs?.P95)}: {(verdict.Meets ? "meets" : "misses")} the SLA"
                    + (p95s.Count > 0 ? $"; the runners' own p95s {Format.Duration(p95s.Min())}–{Format.Duration(p95s.Max())}" : ""));
            }

            await Console.Out.WriteLineAsync($"Merged: {path} (capacity report {path})");
        }, cancellationToken));
        return command;
    }
}
