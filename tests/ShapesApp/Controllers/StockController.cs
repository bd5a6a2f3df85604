using Microsoft.AspNetCore.Mvc;

namespace Fabrikam.Shapes.Controllers;

// One lookup called four ways. The first three block a pool thread; they are small and nothing keeps the JIT from
// inlining them into MVC's compiled invoker (then no frame of this namespace is left on the blocked thread's stack).
[ApiController]
[Route("stock")]
public sealed class StockController(Warehouse warehouse) : ControllerBase
{
    // Two pool threads for the whole lookup: the request thread waits on a work item that itself waits on the lookup.
    [HttpGet("task-run-inner-result/{id:int}")]
    public ActionResult<Item?> TaskRunInnerResult(int id, int ms = 100) =>
        Task.Run(() => warehouse.LookupAsync(id, ms).Result).Result;

    // One pool thread for the lookup, but the work item that starts it needs a second, free one first: under
    // starvation the request waits in the pool's queue behind the requests it is starving.
    [HttpGet("task-run-result/{id:int}")]
    public ActionResult<Item?> TaskRunResult(int id, int ms = 100) =>
        Task.Run(() => warehouse.LookupAsync(id, ms)).Result;

    // One pool thread for the whole lookup (sync over async).
    [HttpGet("get-result/{id:int}")]
    public ActionResult<Item?> GetResult(int id, int ms = 100) =>
        warehouse.LookupAsync(id, ms).GetAwaiter().GetResult();

    // The fix: no thread while the lookup waits.
    [HttpGet("awaited/{id:int}")]
    public async Task<ActionResult<Item?>> Awaited(int id, CancellationToken cancellationToken, int ms = 100) =>
        await warehouse.LookupAsync(id, ms, cancellationToken);

    // A write with a JSON body, awaited: the request shape a client sends with PUT.
    [HttpPut("{id:int}")]
    public async Task<ActionResult<Item>> Restock(int id, [FromBody] Restocking restocking, CancellationToken cancellationToken)
    {
        if (restocking.Quantity < 0)
            return ValidationProblem($"'quantity' must be 0 or more; got {restocking.Quantity}.");
        var item = await warehouse.LookupAsync(id, restocking.Ms, cancellationToken);
        return item is null ? NotFound() : item with { Stock = item.Stock + restocking.Quantity };
    }
}

public sealed record Restocking(int Quantity, int Ms = 100);
