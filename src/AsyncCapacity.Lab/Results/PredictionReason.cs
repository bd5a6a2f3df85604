using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Why a measurement parted from the prediction, with the figures that show it; PredictionText says it in words.
/// The reasons below the prediction are in BelowPrediction.cs, those above it in AbovePrediction.cs.</summary>
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

/// <summary>No load met the SLA, as predicted: the laws allowed fewer clients than the lightest load tried.</summary>
public sealed record FewerThanTried(int Allowed, int Lowest) : PredictionReason;
