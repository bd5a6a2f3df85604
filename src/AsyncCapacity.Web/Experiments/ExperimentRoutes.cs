using System.Reflection;
using AsyncCapacity.Web.RequestQueue;

namespace AsyncCapacity.Web.Experiments;

public static class ExperimentRoutes
{
    /// <summary>A declaration without a class, or a class without a declaration, stops the start naming the file to add.</summary>
    public static IEndpointRouteBuilder MapExperiments(this IEndpointRouteBuilder routes)
    {
        var classes = typeof(IExperimentEndpoints).Assembly.GetTypes()
            .Where(t => t.IsClass && t.IsAssignableTo(typeof(IExperimentEndpoints)))
            .ToDictionary(t => (string)Invoke(nameof(IdOf), t)!, StringComparer.Ordinal);
        foreach (var experiment in ExperimentCatalog.All)
        {
            var type = classes.GetValueOrDefault(experiment.Id) ?? throw new InvalidOperationException(
                $"experiments/{experiment.Id}.json declares '{experiment.Id}', but no class in "
                + $"{typeof(IExperimentEndpoints).Assembly.GetName().Name} implements IExperimentEndpoints with Id \"{experiment.Id}\".");
            var group = routes.MapGroup("/" + experiment.Id).WithTags(experiment.Id).BehindRequestQueue(routes.ServiceProvider);
            Invoke(nameof(MapOne), type, group, experiment);
        }

        foreach (var id in classes.Keys.Where(id => ExperimentCatalog.Find(id) is null))
        {
            throw new InvalidOperationException($"{classes[id].Name} serves experiment '{id}', which no experiments/{id}.json declares.");
        }

        return routes;
    }

    /// <summary>Method, route, name and summary from the declaration, so that the route is written in one place only.</summary>
    public static RouteHandlerBuilder MapVariant(this RouteGroupBuilder group, Experiment experiment, string variant, Delegate handler)
    {
        var declared = experiment.Variant(variant);
        var prefix = "/" + experiment.Id;
        var pattern = declared.Route.StartsWith(prefix, StringComparison.Ordinal) ? declared.Route[prefix.Length..] : declared.Route;
        return group.MapMethods(pattern, [declared.Method], handler)
            .WithName(Pascal(experiment.Id) + Pascal(declared.Name))
            .WithSummary((declared.Blocking ? "Blocking: " : "Non-blocking: ") + declared.Why);
    }

    private static string Pascal(string name) => string.Concat(name.Split('-').Select(part => char.ToUpperInvariant(part[0]) + part[1..]));

    private static string IdOf<T>() where T : IExperimentEndpoints => T.Id;

    private static void MapOne<T>(RouteGroupBuilder group, Experiment experiment) where T : IExperimentEndpoints =>
        T.Map(group, experiment);

    private static object? Invoke(string method, Type type, params object[] arguments) =>
        typeof(ExperimentRoutes).GetMethod(method, BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(type).Invoke(null, arguments);
}
