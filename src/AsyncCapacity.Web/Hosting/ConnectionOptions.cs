using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Hosting;

/// <summary>How many connections may wait to be accepted: what C10k needs beyond threads.</summary>
public sealed class ConnectionOptions
{
    public const string SectionName = "Connections";

    /// <summary>
    /// Kestrel's listen backlog (its default is 512). At 10,000 clients connecting at once, 512 overflows: the kernel
    /// drops SYNs ("Possible SYN flooding" in dmesg) and clients retry after a second. The kernel caps it at
    /// net.core.somaxconn (4096 on current Linux), which the report states.
    /// </summary>
    [Range(1, 65535, ErrorMessage = "must be between {1} and {2}")]
    public int ListenBacklog { get; set; } = 16384;
}
