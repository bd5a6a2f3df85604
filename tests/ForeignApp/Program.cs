using Contoso.Orders;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddProblemDetails();

var app = builder.Build();
app.MapGet("/healthz", () => TypedResults.Ok("ok"));
app.MapOrders();
app.Run();
