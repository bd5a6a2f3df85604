// The smallest ASP.NET Core app answering what bench/overhead.sh asks the lab's app: /hello's JSON, and the content
// pair's small.html from disk on every request or from memory. Anything the lab's app costs beyond this is its own.
// Logging as quiet as the app's (appsettings.json): per-request logs would measure the console, not the pipeline.
var builder = WebApplication.CreateSlimBuilder(args);
var app = builder.Build();

var file = Path.Combine(Path.GetTempPath(), "asynccapacity-minimal", "small.html");
Directory.CreateDirectory(Path.GetDirectoryName(file)!);
File.WriteAllBytes(file, System.Text.Encoding.ASCII.GetBytes(new string('x', 1024)));
var bytes = File.ReadAllBytes(file);

app.MapGet("/hello", () => TypedResults.Ok(new Hello("Hello from AsyncCapacity")));
app.MapGet("/content/file/small.html", () => TypedResults.Bytes(File.ReadAllBytes(file), "text/html; charset=utf-8"));
app.MapGet("/content/memory/small.html", () => TypedResults.Bytes(bytes, "text/html; charset=utf-8"));
app.Run();

internal sealed record Hello(string Message);
