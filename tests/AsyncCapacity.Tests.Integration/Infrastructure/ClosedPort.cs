using System.Net;
using System.Net.Sockets;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>A loopback port that nothing listens on: one the system just handed out and took back.</summary>
internal static class ClosedPort
{
    public static int Find()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
