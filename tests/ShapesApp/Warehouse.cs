namespace Fabrikam.Shapes;

/// <summary>The one async operation every shape calls: a lookup that waits (a remote call, as far as threads go).</summary>
public sealed class Warehouse(Catalog catalog)
{
    public async Task<Item?> LookupAsync(int id, int ms, CancellationToken cancellationToken = default)
    {
        await Task.Delay(ms, cancellationToken);
        return catalog.Find(id);
    }
}
