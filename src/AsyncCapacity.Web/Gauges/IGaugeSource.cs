namespace AsyncCapacity.Web.Gauges;

/// <summary>Read on the sampler's own thread, so reading must be cheap and must never wait; register it as a singleton.</summary>
public interface IGaugeSource
{
    void Read(IDictionary<string, double> gauges);
}
