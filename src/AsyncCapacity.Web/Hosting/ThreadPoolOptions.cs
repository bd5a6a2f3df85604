using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Hosting;

/// <summary>The workshop's "band-aid" knob: raise the pool's minimum so blocking endpoints get threads on demand.</summary>
public sealed class ThreadPoolOptions
{
    public const string SectionName = "ThreadPool";

    [Range(0, short.MaxValue,
        ErrorMessage = "must be between {1} and {2} (0 keeps the runtime default)")]
    public int MinWorkerThreads { get; set; }
}
