using System.CommandLine;
using System.Globalization;
using System.Text.Json;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity experiments`: what experiments/*.json declare, for people (a listing) or scripts (--json).</summary>
internal static class ExperimentsCommand
{
    public static Command Create()
    {
        var json = new Option<bool>("--json") { Description = "Print the declarations as one JSON array, for scripts." };
        var command = new Command("experiments", "List the declared experiments: variants and routes, parameters with bounds and defaults, steps, SLA.")
        {
            json,
        };
        command.SetAction(parse => Console.Out.Write(parse.GetValue(json)
            ? JsonSerializer.Serialize(ExperimentCatalog.All, Contracts.WireJson.Indented) + Environment.NewLine
            : Listing(ExperimentCatalog.All)));
        return command;
    }

    public static string Listing(IEnumerable<Experiment> experiments)
    {
        var text = new System.Text.StringBuilder();
        foreach (var experiment in experiments)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{experiment.Id}: {experiment.Title}")
                .AppendLine(CultureInfo.InvariantCulture, $"  {experiment.Lesson}");
            foreach (var variant in experiment.Variants)
            {
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"  {variant.Name,-8} {(variant.Blocking ? "blocking" : "async"),-8} {variant.Method} {variant.Route}  ({variant.Why})");
            }

            foreach (var route in experiment.AuxiliaryRoutes ?? [])
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"  {"also",-17} {route.Method} {route.Route}  ({route.What})");
            }

            foreach (var parameter in experiment.Parameters)
            {
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"  --set {experiment.Id}.{parameter.Name}=VALUE   {parameter.Description}; {parameter.Bounds}, default {parameter.Default}");
            }

            var sla = experiment.Sla;
            var needs = experiment.UsesDatabase ? "; needs a database" : "";
            var plots = experiment.Gauges is { Count: > 0 } gauges ? $"; plots {string.Join(", ", gauges)}" : "";
            text.AppendLine(CultureInfo.InvariantCulture,
                $"  steps {string.Join(',', experiment.Steps)}; SLA p95 ≤ {sla.P95Ms:0.###} ms, errors ≤ {sla.MaxErrorPercent:0.###}%{needs}{plots}")
                .AppendLine();
        }

        return text.ToString();
    }
}
