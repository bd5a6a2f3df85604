using System.Net;
using System.Net.Sockets;

namespace AsyncCapacity.Cli.Targets;

internal static class LoopbackPort
{
    /// <summary>A port the OS has just handed out and taken back: free now, and never a fixed default two runs could share.</summary>
    public static int Free()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
