// The smallest ASP.NET Core app answering what bench/overhead.sh, bench/c10k.sh and bench/websocket.sh ask the lab's
// app: /hello's JSON, the content pair's small.html from disk on every request or from memory, and a minimal WebSocket
// echo (the awaited loop, nothing else). Anything the lab's app costs beyond this is its own.
// Logging as quiet as the app's (appsettings.json): per-request logs would measure the console, not the pipeline.
using System.Buffers;
using System.Net.WebSockets;

var builder = WebApplication.CreateSlimBuilder(args);
var app = builder.Build();
app.UseWebSockets();

var file = Path.Combine(Path.GetTempPath(), "asynccapacity-minimal", "small.html");
Directory.CreateDirectory(Path.GetDirectoryName(file)!);
File.WriteAllBytes(file, System.Text.Encoding.ASCII.GetBytes(new string('x', 1024)));
var bytes = File.ReadAllBytes(file);

app.MapGet("/hello", () => TypedResults.Ok(new Hello("Hello from AsyncCapacity")));
app.MapGet("/content/file/small.html", () => TypedResults.Bytes(File.ReadAllBytes(file), "text/html; charset=utf-8"));
app.MapGet("/content/memory/small.html", () => TypedResults.Bytes(bytes, "text/html; charset=utf-8"));
app.MapGet("/healthz", () => TypedResults.Text("ok"));

// The reference echo: accept, then receive whole messages (up to 64 KiB) into a pooled buffer and send them back.
app.Map("/websocket/async", async (HttpContext context) =>
{
    if (!context.WebSockets.IsWebSocketRequest)
    {
        context.Response.StatusCode = StatusCodes.Status400BadRequest;
        return;
    }

    using var socket = await context.WebSockets.AcceptWebSocketAsync();
    var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
    try
    {
        while (true)
        {
            var length = 0;
            ValueWebSocketReceiveResult received;
            do
            {
                received = await socket.ReceiveAsync(buffer.AsMemory(length), context.RequestAborted);
                length += received.Count;
            }
            while (!received.EndOfMessage && received.MessageType != WebSocketMessageType.Close && length < buffer.Length);

            if (received.MessageType == WebSocketMessageType.Close)
            {
                await socket.CloseOutputAsync(WebSocketCloseStatus.NormalClosure, null, context.RequestAborted);
                return;
            }

            await socket.SendAsync(buffer.AsMemory(0, length), received.MessageType, endOfMessage: true, context.RequestAborted);
        }
    }
    catch (Exception e) when (e is WebSocketException or OperationCanceledException)
    {
        // The client went away: nothing to answer.
    }
    finally
    {
        ArrayPool<byte>.Shared.Return(buffer);
    }
});

app.Run();

internal sealed record Hello(string Message);
