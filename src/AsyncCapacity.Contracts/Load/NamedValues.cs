namespace AsyncCapacity.Contracts.Load;

public static class NamedValues
{
    public static T? Find<T>(string? name)
        where T : class, INamedValue<T> =>
        T.All.FirstOrDefault(v => string.Equals(v.Name, name, StringComparison.OrdinalIgnoreCase));
}
