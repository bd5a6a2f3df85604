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
        var files = ExperimentOptionGroup.ExperimentFile();
        var create = new Option<string?>("--new")
        {
            Description = "Print a starting declaration for a pair of your own (a .Result beside its awaited twin) named NAME; "
                + "save it, point its routes at your app's, and give it to `capacity sweep --experiment-file`.",
            HelpName = "NAME",
            Validators = { result => RequireId(result) },
        };
        var openApi = new Option<string?>("--from-openapi")
        {
            Description = "Draft a declaration from an OpenAPI document (a URL such as http://127.0.0.1:5000/openapi/v1.json, "
                + "or a JSON file): one variant per operation, for you to pair and mark blocking. --new names its id.",
            HelpName = "URL|FILE",
        };
        var http = new Option<string?>("--from-http")
        {
            Description = "Draft a declaration from a .http file (Visual Studio, Rider, VS Code): one variant per request.",
            HelpName = "FILE",
        };
        var output = new Option<string?>("--out")
        {
            Description = "With --from-openapi or --from-http: write the draft to FILE (bodies that are not JSON beside it) "
                + "rather than print it.",
            HelpName = "FILE",
        };
        var command = new Command("experiments",
            "List the declared experiments: variants and routes, parameters with bounds and defaults, steps, SLA.")
        {
            json, files, create, openApi, http, output,
        };
        command.Validators.Add(result =>
        {
            if (result.GetValue(openApi) is not null && result.GetValue(http) is not null)
            {
                result.AddError("--from-openapi and --from-http: give one of them.");
            }
            else if (result.GetValue(output) is not null && result.GetValue(openApi) is null && result.GetValue(http) is null)
            {
                result.AddError("--out writes a drafted declaration: give --from-openapi or --from-http with it.");
            }
        });
        command.SetAction(async (parse, cancellationToken) =>
        {
            if (parse.GetValue(openApi) is not null || parse.GetValue(http) is not null)
            {
                return await Import.DeclarationImport.RunAsync(parse.GetValue(openApi), parse.GetValue(http), parse.GetValue(create),
                    parse.GetValue(output), cancellationToken);
            }

            var declared = (IReadOnlyList<Experiment>)[.. ExperimentCatalog.All, .. parse.GetValue(files) ?? []];
            Console.Out.Write(parse.GetValue(create) is { } name ? DeclarationTemplate.For(name)
                : parse.GetValue(json) ? JsonSerializer.Serialize(declared, Contracts.WireJson.Indented) + Environment.NewLine
                : Listing(declared));
            return 0;
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
