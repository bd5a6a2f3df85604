namespace AsyncCapacity.Web.Content;

public sealed record ContentFile(string Name, string ContentType, int Size, Func<int, byte[]> Render);
