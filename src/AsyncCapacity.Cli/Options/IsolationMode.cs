namespace AsyncCapacity.Cli.Options;

internal enum IsolationMode
{
    /// <summary>On with 4 CPUs or more, off below: on 2 cores it would halve the app's, and change what it measures.</summary>
    Auto,
    On,
    Off,
}
