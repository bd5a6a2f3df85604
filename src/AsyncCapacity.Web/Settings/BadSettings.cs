using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

/// <summary>
/// How a bad setting ends the start: one line per setting on standard error ("error: Audit:BoundedWriters (environment
/// Audit__BoundedWriters) must be between 1 and 64; got 0."), no stack trace, and exit code <see cref="ExitCode"/>.
/// </summary>
public static class BadSettings
{
    /// <summary>EX_CONFIG of sysexits.h: "something was found in an unconfigured or misconfigured state".</summary>
    public const int ExitCode = 78;

    /// <summary>
    /// The failures an exception reports when it is about settings: an <see cref="OptionsValidationException"/>, or
    /// several of them at once (the start-up validator of every options class); empty for any other exception.
    /// </summary>
    public static IReadOnlyList<string> Of(Exception exception) => exception switch
    {
        OptionsValidationException options => [.. options.Failures],
        AggregateException all when all.Flatten().InnerExceptions is var inner && inner.All(e => e is OptionsValidationException) =>
            [.. inner.SelectMany(e => ((OptionsValidationException)e).Failures)],
        _ => [],
    };

    public static int Report(IReadOnlyList<string> failures, TextWriter error)
    {
        foreach (var failure in failures)
        {
            error.WriteLine($"error: {failure}");
        }

        return ExitCode;
    }
}
