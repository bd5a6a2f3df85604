using AsyncCapacity.Tests.Infrastructure;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace AsyncCapacity.Tests.Web;

/// <summary>The app serves exactly what experiments/*.json declare, plus its infrastructure; nothing experiment-shaped besides.</summary>
[Collection(AppHostGroup.Name)]
public sealed class DeclaredRoutesTests(AppHostFixture app)
{
    /// <summary>Routes that are the app's own, not an experiment's:
    /// liveness (any method), diagnostics and the pipeline's baseline.</summary>
    private static readonly string[] Infrastructure =
        ["* /healthz", "GET /diag/runtime", "GET /diag/parameters/{experiment}", "GET /hello"];

    [Fact]
    public void Every_declared_route_is_served_and_every_served_route_is_declared_or_infrastructure()
    {
        // Arrange
        var declared = ExperimentCatalog.All.SelectMany(e =>
            e.Variants.Select(v => $"{v.Method} {v.Route}").Concat((e.AuxiliaryRoutes ?? []).Select(r => $"{r.Method} {r.Route}")));

        // Act
        var served = app.Services.GetRequiredService<EndpointDataSource>().Endpoints.OfType<RouteEndpoint>()
            .SelectMany(endpoint => Methods(endpoint).Select(method => $"{method} {Pattern(endpoint)}"))
            .Except(Infrastructure);

        // Assert
        Assert.Equal(declared.Order(StringComparer.Ordinal), served.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Each_variant_is_named_and_summarised_from_its_declaration()
    {
        // Arrange
        var endpoints = app.Services.GetRequiredService<EndpointDataSource>().Endpoints.OfType<RouteEndpoint>().ToList();

        foreach (var experiment in ExperimentCatalog.All)
        {
            foreach (var variant in experiment.Variants)
            {
                // Act
                var endpoint = Assert.Single(endpoints, e => Pattern(e) == variant.Route && Methods(e).Contains(variant.Method));

                // Assert
                var summary = endpoint.Metadata.GetMetadata<Microsoft.AspNetCore.Http.Metadata.IEndpointSummaryMetadata>()?.Summary;
                Assert.EndsWith(variant.Why, summary, StringComparison.Ordinal);
                Assert.StartsWith(variant.Blocking ? "Blocking: " : "Non-blocking: ", summary, StringComparison.Ordinal);
                Assert.Contains(experiment.Id,
                    endpoint.Metadata.GetMetadata<Microsoft.AspNetCore.Http.Metadata.ITagsMetadata>()?.Tags ?? []);
            }
        }
    }

    private static string Pattern(RouteEndpoint endpoint) => "/" + endpoint.RoutePattern.RawText!.Trim('/');

    private static IEnumerable<string> Methods(RouteEndpoint endpoint) =>
        endpoint.Metadata.GetMetadata<HttpMethodMetadata>()?.HttpMethods ?? ["*"];
}
