using System.CommandLine;
using System.Globalization;
using System.Text.Json;
using AsyncCapacity.Cli.Options;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity experiments`: what experiments/*.json declare, for people (a listing) or scripts (--json).</summary>
internal static class ExperimentsCommand
{
    public static Command Create()
    {
        var json = new Option<bool>("--json") { Description = "Print the declarations as one JSON array, for scripts." };
        var files = ExperimentOptions.ExperimentFile();
        var create = new Option<string?>("--new")
        {
            Description = "Print a starting declaration for a pair of your own (a .Result beside its awaited twin) named NAME; "
                + "save it, point its routes at your app's, and give it to `capacity sweep --experiment-file`.",
            HelpName = "NAME",
            Validators = { result => RequireId(result) },
        };
        var command = new Command("experiments",
            "List the declared experiments: variants and routes, parameters with bounds and defaults, steps, SLA.")
        {
            json, files, create,
        };
        command.SetAction(parse =>
        {
            var declared = (IReadOnlyList<Experiment>)[.. ExperimentCatalog.All, .. parse.GetValue(files) ?? []];
            Console.Out.Write(parse.GetValue(create) is { } name ? DeclarationTemplate.For(name)
                : parse.GetValue(json) ? JsonSerializer.Serialize(declared, Contracts.WireJson.Indented) + Environment.NewLine
                : Listing(declared));
        });
        return command;
    }

    private static void RequireId(System.CommandLine.Parsing.OptionResult result)
    {
        var name = result.GetValueOrDefault<string?>() ?? "";
        if (!DeclarationTemplate.IsId(name))
        {
            result.AddError("--new takes the experiment's id: lower case letters, digits and '-', starting with a letter "
                + $"(it names the file); got '{UserInput.Shown(name)}'.");
        }
        else if (ExperimentCatalog.Find(name) is not null)
        {
            result.AddError($"--new {name}: the lab declares '{name}' itself; give your experiment another id.");
        }
    }

    public static string Listing(IEnumerable<Experiment> experiments)
    {
        var text = new System.Text.StringBuilder();
        foreach (var experiment in experiments)
        {
            var from = experiment.Source is { } source ? $"  ({source})" : "";
            text.AppendLine(CultureInfo.InvariantCulture, $"{experiment.Id}: {experiment.Title}{from}")
                .AppendLine(CultureInfo.InvariantCulture, $"  {experiment.Lesson}");
            foreach (var variant in experiment.Variants)
            {
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"  {variant.Name,-8} {(variant.Blocking ? "blocking" : "async"),-8} "
                        + $"{variant.Method} {variant.Route}  ({variant.Why})");
            }

            foreach (var route in experiment.AuxiliaryRoutes ?? [])
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"  {"also",-17} {route.Method} {route.Route}  ({route.What})");
            }

            foreach (var parameter in experiment.Parameters)
            {
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"  --set {experiment.Id}.{parameter.Name}=VALUE   "
                        + $"{parameter.Description}; {parameter.Bounds}, default {parameter.Default}");
            }

            var sla = experiment.Sla;
            var needs = experiment.UsesDatabase ? "; needs a database" : "";
            var plots = experiment.Gauges is { Count: > 0 } gauges ? $"; plots {string.Join(", ", gauges)}" : "";
            text.AppendLine(CultureInfo.InvariantCulture,
                $"  steps {string.Join(',', experiment.Steps)}; "
                    + $"SLA p95 ≤ {sla.P95Ms:0.###} ms, errors ≤ {sla.MaxErrorPercent:0.###}%{needs}{plots}")
                .AppendLine();
        }

        return text.ToString();
    }
}
