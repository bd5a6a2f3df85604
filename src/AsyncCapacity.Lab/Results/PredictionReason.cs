using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Why a measurement parted from the prediction, with the figures that show it; PredictionText says it in words.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(FewerThanTried), "fewerThanTried")]
[JsonDerivedType(typeof(NoProbeAtKnee), "noProbeAtKnee")]
[JsonDerivedType(typeof(LoadGeneratorShort), "loadGeneratorShort")]
[JsonDerivedType(typeof(AppCpuFirst), "appCpuFirst")]
[JsonDerivedType(typeof(MachineBusy), "machineBusy")]
[JsonDerivedType(typeof(PoolWait), "poolWait")]
[JsonDerivedType(typeof(RequestsFailed), "requestsFailed")]
[JsonDerivedType(typeof(PercentileSpread), "percentileSpread")]
[JsonDerivedType(typeof(UnevenQueueing), "unevenQueueing")]
[JsonDerivedType(typeof(PoolGrew), "poolGrew")]
[JsonDerivedType(typeof(HeldLess), "heldLess")]
[JsonDerivedType(typeof(HillClimbed), "hillClimbed")]
[JsonDerivedType(typeof(HeldLonger), "heldLonger")]
public abstract record PredictionReason;

/// <summary>The laws allow fewer than the lightest load tried, so no measurement could fall below them.</summary>
public sealed record FewerThanTried(int Allowed, int Lowest) : PredictionReason;

public sealed record NoProbeAtKnee : PredictionReason;

/// <summary>k6 was short of CPU at the knee: the load was not what it asked.</summary>
public sealed record LoadGeneratorShort(int At) : PredictionReason;

/// <summary>The app ran out of CPU before the binding resource filled.</summary>
public sealed record AppCpuFirst(int At) : PredictionReason;

/// <summary>The machine's CPUs, shared with k6 (and the database), were busy past <c>Predictor.BusyMachinePercent</c>.</summary>
public sealed record MachineBusy(int At, double Percent, bool WithDatabase) : PredictionReason;

/// <summary>Requests waited for a pooled connection: the database held each longer than at one client.</summary>
public sealed record PoolWait(int At, double WaitMs) : PredictionReason;

public sealed record RequestsFailed(int At, double ErrorRate) : PredictionReason;

/// <summary>The mean met the SLA but p95 did not: the laws bound the mean, and times per request vary.</summary>
public sealed record PercentileSpread(int At, double MeanMs, double P95Ms) : PredictionReason;

/// <summary>p95 passed the SLA while the bound on the mean had room: bursts, the pool's hill climbing.</summary>
public sealed record UnevenQueueing(int At) : PredictionReason;

/// <summary>The pool grew during the probe; <paramref name="Allows"/> is what the grown pool allows, when its hold is known.</summary>
public sealed record PoolGrew(int At, double From, int To, int? Allows) : PredictionReason;

/// <summary>More was served than units ÷ hold allow: a unit was held less than at the lightest load.</summary>
public sealed record HeldLess : PredictionReason;

/// <summary>
/// The pool grew past what starvation and cooperative blocking add: hill climbing (event 55's climbing moves) added
/// <paramref name="Added"/> threads at <paramref name="At"/>, reaching <paramref name="To"/>; the growth law bounds it by
/// <paramref name="Ceiling"/> threads but does not predict it.
/// </summary>
public sealed record HillClimbed(int At, int To, long Added, int Ceiling) : PredictionReason;

/// <summary>
/// At the knee each request held its pool thread <paramref name="HeldMs"/> (threads ÷ throughput), well past the
/// <paramref name="LightestMs"/> of the lightest load: the growth law's fixed hold broke.
/// </summary>
public sealed record HeldLonger(int At, double HeldMs, double LightestMs, PoolInjection By) : PredictionReason;
