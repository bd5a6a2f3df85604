namespace AsyncCapacity.Web.Gauges;

/// <summary>
/// A feature's figures for the runtime sampler (GaugeKeys): levels now and totals so far, read on the sampler's own
/// thread, so reading must be cheap and must never wait. Register it as a singleton IGaugeSource.
/// </summary>
public interface IGaugeSource
{
    void Read(IDictionary<string, double> gauges);
}
