namespace AsyncCapacity.Web.Content;

public sealed record ContentEntry(string Name, string ContentType, string Path, byte[] Bytes);
