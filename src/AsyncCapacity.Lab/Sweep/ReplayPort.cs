namespace AsyncCapacity.Lab.Sweep;

/// <summary>Resumes a sweep: the search is a pure function of the answers, so asked again it asks for the recorded probes in their
/// order and gets their answers; what it asks beyond them (or where it parts from them) is run through the live port.</summary>
public sealed class ReplayPort(IReadOnlyList<RecordedProbe> recorded, IProbePort live) : IProbePort
{
    private readonly Dictionary<(string Experiment, string Variant), Queue<RecordedProbe>> _left = recorded
        .GroupBy(r => (r.Experiment, r.Variant))
        .ToDictionary(g => g.Key, g => new Queue<RecordedProbe>(g.OrderBy(r => r.Number)));

    public int Unasked => _left.Values.Sum(q => q.Count);

    public string? SkippedReason(ExperimentPlan plan) => live.SkippedReason(plan);

    public Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
    {
        if (_left.TryGetValue((order.Plan.Id, order.Variant), out var left) && left.TryPeek(out var next))
        {
            if (next.Answers(order))
            {
                left.Dequeue();
                return Task.FromResult(next.Answer with { Replayed = true });
            }

            // Parted from the record (another build, another machine's laws): nothing after this point was asked for.
            left.Clear();
        }

        return live.RunAsync(order, cancellationToken);
    }
}
