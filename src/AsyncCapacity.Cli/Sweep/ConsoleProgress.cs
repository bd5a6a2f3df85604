using System.Diagnostics;
using System.Globalization;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>Progress on standard output: which step runs, how long the sweep has run and about how long is left.</summary>
/// <param name="stepUnit">What a step's number counts: "clients", or "req/s" in the open model.</param>
internal sealed class ConsoleProgress(int totalSteps, TimeSpan estimated, string stepUnit = "clients")
{
    private int _totalSteps = totalSteps;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly TextWriter _out = Console.Out;
    private readonly TextWriter _error = Console.Error;
    private int _done;

    public TimeSpan Elapsed => _clock.Elapsed;

    public void Info(string message) => _out.WriteLine(message);

    public void Warn(string message) => _error.WriteLine($"warning: {message}");

    public void StepStarting(string experiment, string variant, int concurrency) =>
        _out.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"[{_done + 1,2}/{_totalSteps}] {experiment} {variant,-6} {concurrency,4} {stepUnit}   elapsed {Format(Elapsed)}, ~{Format(Remaining())} left"));

    public void StepDone(string summary)
    {
        _done++;
        _out.WriteLine($"        {summary}");
    }

    /// <summary>Steps that will not run (a skipped experiment) leave the count and the estimate.</summary>
    public void Skip(int steps)
    {
        _totalSteps -= steps;
        estimated -= estimated * steps / Math.Max(1, _totalSteps + steps);
    }

    private TimeSpan Remaining()
    {
        if (_done == 0)
        {
            return estimated;
        }

        var perStep = Elapsed / _done;
        return perStep * (_totalSteps - _done);
    }

    private static string Format(TimeSpan span) => span.TotalHours >= 1
        ? span.ToString(@"h\:mm\:ss", CultureInfo.InvariantCulture)
        : span.ToString(@"m\:ss", CultureInfo.InvariantCulture);
}
