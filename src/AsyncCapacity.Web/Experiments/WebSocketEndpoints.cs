using System.Buffers;
using System.Net.WebSockets;
using System.Runtime.CompilerServices;
using AsyncCapacity.Web.WebSockets;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>The two echo loops differ in one thing: awaiting each receive and send, or blocking the thread on it.</summary>
public sealed class WebSocketEndpoints : IExperimentEndpoints
{
    /// <summary>A larger message closes the session with 1009 (Message Too Big).</summary>
    public const int MaxMessageBytes = 64 * 1024;

    /// <summary>
    /// A client that vanishes sends nothing, not even a reset: without a pong in time the session is aborted, so that no
    /// loop, and no blocked thread, waits forever for it.
    /// </summary>
    private static readonly WebSocketAcceptContext Accept = new()
    {
        KeepAliveInterval = TimeSpan.FromSeconds(5),
        KeepAliveTimeout = TimeSpan.FromSeconds(10),
    };

    public static string Id => "websocket";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapVariant(experiment, "sync", Sync).ProducesProblem(StatusCodes.Status400BadRequest);
        group.MapVariant(experiment, "async", Async).ProducesProblem(StatusCodes.Status400BadRequest);
    }

    // Blocking on purpose: every receive and send is blocked on with GetAwaiter().GetResult(), so this pool thread is
    // held for the connection's whole life, most of it waiting for the client's next message. Each connected client
    // costs a thread. Blocking on a Task tells the pool (cooperative blocking), which adds threads at once rather than a
    // thread or two a second, yet it still holds one per client: clients beyond its threads are not served at all until
    // it catches up, and their round trips grow with them. A vanished client still ends the loop: the receive
    // fails when the connection is aborted (by the client, or by the keep-alive timeout), and the thread is freed.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static IResult Sync(HttpContext context, EchoSessions sessions)
    {
        if (!context.WebSockets.IsWebSocketRequest)
        {
            return NotAnUpgrade(context);
        }

        using var socket = context.WebSockets.AcceptWebSocketAsync(Accept).GetAwaiter().GetResult();
        using var session = sessions.Begin();
        var buffer = ArrayPool<byte>.Shared.Rent(MaxMessageBytes);
        try
        {
            while (true)
            {
                var length = 0;
                WebSocketReceiveResult received;
                do
                {
                    received = socket.ReceiveAsync(new ArraySegment<byte>(buffer, length, MaxMessageBytes - length), context.RequestAborted)
                        .GetAwaiter().GetResult();
                    length += received.Count;
                }
                while (!received.EndOfMessage && received.MessageType != WebSocketMessageType.Close && length < MaxMessageBytes);

                if (received.MessageType == WebSocketMessageType.Close)
                {
                    socket.CloseOutputAsync(
                            received.CloseStatus ?? WebSocketCloseStatus.NormalClosure,
                            received.CloseStatusDescription,
                            context.RequestAborted)
                        .GetAwaiter().GetResult();
                    return Results.Empty;
                }

                if (!received.EndOfMessage)
                {
                    socket.CloseAsync(
                            WebSocketCloseStatus.MessageTooBig,
                            $"messages are echoed up to {MaxMessageBytes} bytes",
                            context.RequestAborted)
                        .GetAwaiter().GetResult();
                    return Results.Empty;
                }

                socket.SendAsync(
                        new ArraySegment<byte>(buffer, 0, length), received.MessageType, endOfMessage: true, context.RequestAborted)
                    .GetAwaiter().GetResult();
                sessions.Echoed();
            }
        }
        catch (Exception ex) when (ex is WebSocketException or OperationCanceledException or IOException or ConnectionAbortedException)
        {
            // The client is gone (aborted, reset, or silent past the keep-alive timeout): nothing to answer.
            return Results.Empty;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    // The same loop, awaited: between messages the session is a buffer and a pending read, and the thread serves others.
    internal static async Task<IResult> Async(HttpContext context, EchoSessions sessions)
    {
        if (!context.WebSockets.IsWebSocketRequest)
        {
            return NotAnUpgrade(context);
        }

        using var socket = await context.WebSockets.AcceptWebSocketAsync(Accept);
        using var session = sessions.Begin();
        var cancellationToken = context.RequestAborted;
        var buffer = ArrayPool<byte>.Shared.Rent(MaxMessageBytes);
        try
        {
            while (true)
            {
                var length = 0;
                ValueWebSocketReceiveResult received;
                do
                {
                    received = await socket.ReceiveAsync(buffer.AsMemory(length, MaxMessageBytes - length), cancellationToken);
                    length += received.Count;
                }
                while (!received.EndOfMessage && received.MessageType != WebSocketMessageType.Close && length < MaxMessageBytes);

                if (received.MessageType == WebSocketMessageType.Close)
                {
                    await socket.CloseOutputAsync(
                        socket.CloseStatus ?? WebSocketCloseStatus.NormalClosure, socket.CloseStatusDescription, cancellationToken);
                    return Results.Empty;
                }

                if (!received.EndOfMessage)
                {
                    await socket.CloseAsync(
                        WebSocketCloseStatus.MessageTooBig, $"messages are echoed up to {MaxMessageBytes} bytes", cancellationToken);
                    return Results.Empty;
                }

                await socket.SendAsync(buffer.AsMemory(0, length), received.MessageType, endOfMessage: true, cancellationToken);
                sessions.Echoed();
            }
        }
        catch (Exception ex) when (ex is WebSocketException or OperationCanceledException or IOException or ConnectionAbortedException)
        {
            // The client is gone (aborted, reset, or silent past the keep-alive timeout): nothing to answer.
            return Results.Empty;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static ProblemHttpResult NotAnUpgrade(HttpContext context) => TypedResults.Problem(
        statusCode: StatusCodes.Status400BadRequest,
        title: "A WebSocket upgrade was expected",
        detail: $"{context.Request.Path} is a WebSocket echo: connect with ws:// (or wss:// to the TLS listener) "
            + $"and send messages of up to {MaxMessageBytes} bytes.");
}
