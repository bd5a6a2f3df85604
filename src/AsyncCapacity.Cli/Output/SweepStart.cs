using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Output;

/// <summary>What `capacity sweep --resume` needs of the run it resumes besides its probes: the options as given (paths in them read from
/// <see cref="WorkingDirectory"/>), when it started, and the baseline it measured first, so that it is not measured again.</summary>
internal sealed record SweepStart(
    IReadOnlyList<string> Arguments, string WorkingDirectory, DateTimeOffset StartedAt, InstrumentOverhead? Overhead = null);
