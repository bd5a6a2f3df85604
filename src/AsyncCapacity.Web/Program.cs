using AsyncCapacity.Web;

var builder = WebApplication.CreateBuilder(args);
builder.AddAsyncCapacity();

var app = builder.Build();
app.MapAsyncCapacity();

app.Run();
