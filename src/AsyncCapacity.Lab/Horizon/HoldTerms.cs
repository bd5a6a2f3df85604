using AsyncCapacity.Lab.Judge;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>What judging a held load's seconds needs: its clients, the SLA, whether each client holds a session, and how long a
/// catch-up must last before the held load may end.</summary>
public sealed record HoldTerms(int Concurrency, Sla Sla, bool Sessions, int ConfirmSeconds = HoldTerms.DefaultConfirmSeconds)
{
    /// <summary>Long enough for a relapse to show (a burst of lockstep completions, a GC) on loads whose requests last seconds.</summary>
    public const int DefaultConfirmSeconds = 10;

    /// <summary>A second is judged on the window that ends with it, a whole second longer than the SLA's p95, so that a client
    /// still within the SLA has answered in it (judge.js's "clients" condition) even when requests complete in lockstep.</summary>
    public int WindowSeconds => (int)Math.Floor(Sla.P95Ms / 1000) + 1;

    /// <summary>The stop rule every held load follows, measured or simulated: it may end once caught up with and met since for the
    /// confirmation span.</summary>
    public bool MayEnd(IReadOnlyList<Results.HeldSecond> seconds) => CatchUpFinder.Find(seconds, this).Confirmed(ConfirmSeconds);

    internal StepPlan Plan(int seconds) => new($"second-window-c{Concurrency}", Concurrency, LoadModel.Closed, 0, seconds, Sessions);
}
