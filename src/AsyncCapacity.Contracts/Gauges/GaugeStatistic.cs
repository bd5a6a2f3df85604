namespace AsyncCapacity.Contracts.Gauges;

public enum GaugeStatistic
{
    Max,

    /// <summary>The rise of the total <c>Key</c> ÷ the rise of the total <c>CountKey</c> over the window: a mean per event.</summary>
    MeanPerCount,
}
