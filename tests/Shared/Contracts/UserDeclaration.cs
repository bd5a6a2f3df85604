namespace AsyncCapacity.Tests.Contracts;

/// <summary>A user's pair as its own declaration file holds it (`--experiment-file`): a blocking side that holds threads,
/// a parameter, a body and a header.</summary>
internal static class UserDeclaration
{
    public const string Orders = """
        {
          "$comment": "a user's pair",
          "id": "orders", "order": 100, "title": "Orders", "lesson": "A .Result holds a thread.", "load": "http",
          "variants": [
            { "name": "sync", "blocking": true, "method": "POST", "route": "/orders/sync", "why": ".Result",
              "holds": [{ "resource": "threads" }] },
            { "name": "async", "blocking": false, "method": "POST", "route": "/orders/async", "why": "await" }
          ],
          "parameters": [{ "name": "ms", "in": "query", "type": "integer", "min": 0, "max": 5000, "default": 100, "description": "d" }],
          "body": { "customer": "k6-{vu}" },
          "headers": { "X-Tenant": "lab" },
          "steps": [1, 10],
          "sla": { "p95Ms": 500, "maxErrorPercent": 1 }
        }
        """;
}
