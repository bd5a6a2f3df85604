namespace AsyncCapacity.Web.Experiments;

public interface IExperimentEndpoints
{
    static abstract string Id { get; }

    /// <summary>The declared variants, side by side, into the experiment's group (/id, tagged id).</summary>
    static abstract void Map(RouteGroupBuilder group, Experiment experiment);
}
