namespace AsyncCapacity.Contracts.Load;

/// <summary>Written by name, read back as the one instance of that name: code asks the value instead of comparing strings.</summary>
public interface INamedValue<TSelf>
    where TSelf : class, INamedValue<TSelf>
{
    string Name { get; }

    static abstract IReadOnlyList<TSelf> All { get; }
}
