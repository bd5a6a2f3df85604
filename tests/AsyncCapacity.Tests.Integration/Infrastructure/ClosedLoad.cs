using System.Net.WebSockets;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// A small, bounded closed-loop load for tests that need the app busy: N clients, each sending its next request (or
/// message) as soon as the last one is answered, until the time is up; then every client stops, answered or not.
/// Returns how many requests (or echoes) completed.
/// </summary>
internal static class ClosedLoad
{
    public static async Task<int> HttpAsync(Uri url, int clients, TimeSpan duration)
    {
        using var http = new HttpClient { Timeout = Timeout.InfiniteTimeSpan };
        using var stop = new CancellationTokenSource(duration);
        var completed = 0;
        await Task.WhenAll(Enumerable.Range(0, clients).Select(async _ =>
        {
            while (!stop.IsCancellationRequested)
            {
                try
                {
                    using var response = await http.GetAsync(url, stop.Token);
                    Interlocked.Increment(ref completed);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
                catch (HttpRequestException)
                {
                    return;
                }
            }
        }));
        return completed;
    }

    /// <summary>Each client connects, then sends 100 bytes and waits for their echo, again and again.</summary>
    public static async Task<int> EchoAsync(Uri url, int clients, TimeSpan duration)
    {
        using var stop = new CancellationTokenSource(duration);
        var echoed = 0;
        await Task.WhenAll(Enumerable.Range(0, clients).Select(async _ =>
        {
            using var socket = new ClientWebSocket();
            var message = new byte[100];
            var buffer = new byte[1024];
            try
            {
                await socket.ConnectAsync(url, stop.Token);
                while (!stop.IsCancellationRequested)
                {
                    await socket.SendAsync(message, WebSocketMessageType.Binary, endOfMessage: true, stop.Token);
                    var received = await socket.ReceiveAsync(buffer, stop.Token);
                    if (received.MessageType == WebSocketMessageType.Close)
                    {
                        return;
                    }

                    Interlocked.Increment(ref echoed);
                }
            }
            catch (Exception ex) when (ex is OperationCanceledException or WebSocketException)
            {
                // Time is up (or the server gave up on us): the loop ends, and the socket is aborted below.
            }
            finally
            {
                socket.Abort();
            }
        }));
        return echoed;
    }
}
