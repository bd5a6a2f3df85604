namespace AsyncCapacity.Cli.Options;

/// <summary>How big `--baseline` is: the lab's app and bench/MinimalApp in alternating rounds.</summary>
internal static class BaselineSize
{
    /// <summary>Enough clients to keep both apps busy on 2 cores, few enough to leave k6 a share of them.</summary>
    public const int Clients = 50;

    public const int Rounds = 2;

    public static TimeSpan Duration(SweepRequest request) =>
        TimeSpan.FromSeconds(Rounds * 2 * (request.WarmupSeconds + request.StepSeconds + 3));
}
