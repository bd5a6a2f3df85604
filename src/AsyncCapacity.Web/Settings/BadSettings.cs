using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

/// <summary>One line per bad setting on standard error, no stack trace.</summary>
public static class BadSettings
{
    /// <summary>EX_CONFIG of sysexits.h.</summary>
    public const int ExitCode = 78;

    /// <summary>The start-up validator may throw several <see cref="OptionsValidationException"/>s at once.</summary>
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
