using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

/// <summary>What offers a probe its load: one k6 (<see cref="K6Generator"/>) or several that split it (<see cref="SplitK6Generator"/>),
/// behind this door so the loop knows none of it.</summary>
internal interface ILoadGenerator
{
    string Version { get; }

    /// <summary>Starts the probe's load; it has started when this returns (split runners: all of them resumed together).</summary>
    Task<ILoadRun> StartAsync(LoadSpec spec, CancellationToken cancellationToken);

    /// <summary>The instrument's baseline (--baseline): <paramref name="started"/> is given the generator's process id.</summary>
    Task<BaselineLoad> RunBaselineAsync(BaselineSpec spec, Action<int> started, CancellationToken cancellationToken);
}

/// <summary>One probe's load while it runs: its processes on this machine (their CPU is sampled), when its scenario started, when it
/// ended.</summary>
internal interface ILoadRun : IAsyncDisposable
{
    IReadOnlyList<int> ProcessIds { get; }

    /// <summary>When the probe's scenario started (Unix ms): the measured window follows its warm-up.</summary>
    Task<long> ScenariosStart { get; }

    Task<int> Exited { get; }

    /// <summary>A held load's seconds counted so far (<see cref="LoadSpec.Held"/>); empty for any other.</summary>
    Task<IReadOnlyList<CountedSecond>> CountedAsync(CancellationToken cancellationToken);

    /// <summary>Ends a held load before its planned end, its results still written: it was caught up with.</summary>
    Task StopAsync(CancellationToken cancellationToken);

    Task<MeasuredRun> ResultsAsync(CancellationToken cancellationToken);
}
