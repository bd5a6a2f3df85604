using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A bound's name and where its units were counted, as people say them.</summary>
public static class BoundText
{
    /// <summary>"pool threads", "the machine's CPU (the app and k6)": the kind's name, or for the machine's CPU who shares it.</summary>
    public static string Name(ResourceBound bound) => bound switch
    {
        { Name: { } legacy } => legacy,
        { SharedBy: CpuSharing.AppAndK6 } => $"{ResourceKind.MachineCpu.Name} (the app and k6)",
        { SharedBy: CpuSharing.AppK6AndDatabase } => $"{ResourceKind.MachineCpu.Name} (the app, k6 and the database)",
        _ => bound.Resource.Name,
    };

    /// <summary>"the pool's minimum", "Audit__BoundedWriters", "2 cores", "4 writing + 8 queued".</summary>
    public static string From(ResourceBound bound) => bound.UnitsFrom switch
    {
        { Kind: UnitsSourceKind.PoolMinimum } => "the pool's minimum",
        { Kind: UnitsSourceKind.PoolSize } => "the pool's size",
        { Kind: UnitsSourceKind.Setting, Setting: var setting } => setting ?? string.Empty,
        { Kind: UnitsSourceKind.Cores } => $"{(int)bound.Units} {bound.Resource.Noun(bound.Units)}",
        { Kind: UnitsSourceKind.WritingAndQueued, Writers: var writers, Queued: var queued } => $"{writers} writing + {queued} queued",
        { Text: var text } => text ?? string.Empty,
    };
}
