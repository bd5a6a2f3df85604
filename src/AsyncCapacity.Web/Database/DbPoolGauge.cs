using System.Diagnostics;
using AsyncCapacity.Web.Gauges;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Database;

/// <summary>Measured around Open/OpenAsync, so it reads the same for both drivers.</summary>
public sealed class DbPoolGauge(IOptions<DatabaseOptions> options) : IGaugeSource
{
    private int _waiting;
    private int _inUse;
    private long _opens;
    private long _openTicks;

    public int Waiting => Volatile.Read(ref _waiting);

    public int InUse => Volatile.Read(ref _inUse);

    public (long Opens, TimeSpan OpenTime) Totals => (Interlocked.Read(ref _opens), TimeSpan.FromTicks(Interlocked.Read(ref _openTicks)));

    public long StartWaiting()
    {
        Interlocked.Increment(ref _waiting);
        return Stopwatch.GetTimestamp();
    }

    public void StopWaiting(long startedAt, bool opened)
    {
        Interlocked.Decrement(ref _waiting);
        if (opened)
        {
            Interlocked.Increment(ref _inUse);
            Interlocked.Increment(ref _opens);
            Interlocked.Add(ref _openTicks, Stopwatch.GetElapsedTime(startedAt).Ticks);
        }
    }

    public void Released() => Interlocked.Decrement(ref _inUse);

    /// <summary>Nothing without a database, so that no pool is plotted.</summary>
    public void Read(IDictionary<string, double> gauges)
    {
        if (options.Value.Provider == DatabaseProvider.None)
        {
            return;
        }

        var (opens, openTime) = Totals;
        gauges[GaugeKeys.DbInUse] = InUse;
        gauges[GaugeKeys.DbWaiting] = Waiting;
        gauges[GaugeKeys.DbPoolSize] = options.Value.MaxPoolSize;
        gauges[GaugeKeys.DbOpens] = opens;
        gauges[GaugeKeys.DbOpenMsTotal] = Math.Round(openTime.TotalMilliseconds, 3);
    }
}
