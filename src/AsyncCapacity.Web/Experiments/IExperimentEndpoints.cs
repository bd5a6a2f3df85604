namespace AsyncCapacity.Web.Experiments;

/// <summary>
/// The endpoints of one declared experiment (experiments/&lt;id&gt;.json): one class per experiment implements it, and
/// <see cref="ExperimentRoutes.MapExperiments"/> maps every declaration through its class at start.
/// </summary>
public interface IExperimentEndpoints
{
    /// <summary>The id of the declaration this class serves.</summary>
    static abstract string Id { get; }

    /// <summary>Maps the declared variants, side by side, into the experiment's group (/id, tagged id).</summary>
    static abstract void Map(RouteGroupBuilder group, Experiment experiment);
}
