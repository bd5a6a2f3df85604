namespace AsyncCapacity.Web.Content;

/// <summary>
/// One published catalogue entry: the file on disk the file variant reads, and the same bytes the memory variant
/// serves. <see cref="Path"/> is built at start from the root and the catalogue's own name, never from a request.
/// </summary>
public sealed record ContentEntry(string Name, string ContentType, string Path, byte[] Bytes);
