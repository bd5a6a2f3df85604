namespace Contoso.Orders;

public sealed record Order(int Id, string Customer, decimal Total);

/// <summary>A slow store: each lookup waits as a remote call would.</summary>
public static class OrderStore
{
    public static async Task<Order> FindAsync(int delayMs, CancellationToken cancellationToken)
    {
        await Task.Delay(delayMs, cancellationToken);
        return new Order(42, "Contoso", 99.50m);
    }
}
