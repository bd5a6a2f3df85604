using System.Globalization;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The loop's port to the real world: each probe on an app from the sweep's source under the load generator, within its
/// deadline, and written to the sweep's journal the moment it ends.</summary>
internal sealed class AppProbes(SweepContext run, SweepJournal journal) : IProbePort
{
    public string? SkippedReason(ExperimentPlan plan) => run.Source.SkippedReason(plan.Declaration);

    /// <summary>A probe past its deadline (k6 out of file descriptors and hanging, an app that will not stop) has its processes stopped
    /// and answers as failed, and so does one whose load generator failed: the search goes on without them. A held load is a longer
    /// probe: its deadline follows its horizon.</summary>
    public async Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(order.Deadline);
        ProbeAnswer answer;
        try
        {
            answer = order.Kind is HoldProbe hold
                ? new ProbeAnswer(null) { Hold = await new HeldLoad(order, hold).RunAsync(run, deadline.Token) }
                : await new Probe(order).RunAsync(run, deadline.Token);
        }
        catch (Exception ex) when (!cancellationToken.IsCancellationRequested && PastDeadline(ex, deadline))
        {
            run.Progress.Warn(string.Create(CultureInfo.InvariantCulture,
                $"{order.Name} was still running at its deadline ({order.Deadline.TotalSeconds:0} s: its plan and "
                + $"{order.Plan.Timing.DeadlineMargin.TotalSeconds:0} s more); its app and k6 were stopped, "
                + $"and the sweep goes on without it."));
            answer = Failed(order, FailedProbe.PastDeadline(order.Deadline));
        }
        catch (LoadFailedException ex) when (!cancellationToken.IsCancellationRequested)
        {
            run.Progress.Warn($"{ex.Message}{Environment.NewLine}The sweep goes on without this probe.");
            answer = Failed(order, FailedProbe.LoadGeneratorFailed(ex.ExitCode, ex.LastWords));
        }

        await journal.AppendAsync(order, answer);
        return answer;
    }

    /// <summary>Stopped by its deadline: cancelled, or failing (a snapshot, a read) because its processes were stopped.</summary>
    private static bool PastDeadline(Exception ex, CancellationTokenSource deadline) =>
        ex is OperationCanceledException || (deadline.IsCancellationRequested && ex is HarnessException and not LoadFailedException);

    /// <summary>A held load keeps why it failed in its own reading; a search probe in its step's flag.</summary>
    private static ProbeAnswer Failed(ProbeOrder order, StepFlag why) => order.Kind is HoldProbe
        ? new ProbeAnswer(null) { Hold = HoldReading.Failed(order.Load, why) }
        : FailedProbe.Answer(order, why, DateTimeOffset.UtcNow);
}
