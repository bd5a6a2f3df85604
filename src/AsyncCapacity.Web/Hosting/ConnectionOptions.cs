using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Hosting;

public sealed class ConnectionOptions
{
    public const string SectionName = "Connections";

    /// <summary>
    /// Kestrel's default of 512 overflows at 10,000 clients connecting at once: the kernel drops SYNs and clients retry
    /// after a second. The kernel caps it at net.core.somaxconn, which the report states.
    /// </summary>
    [Range(1, 65535, ErrorMessage = "must be between {1} and {2}")]
    public int ListenBacklog { get; set; } = 16384;
}
