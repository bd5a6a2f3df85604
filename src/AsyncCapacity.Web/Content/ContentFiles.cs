namespace AsyncCapacity.Web.Content;

/// <summary>Nothing outside it is ever served.</summary>
public static class ContentFiles
{
    public static IReadOnlyList<ContentFile> All { get; } =
    [
        new("small.html", "text/html; charset=utf-8", 1024, DeterministicContent.Html),
        new("medium.json", "application/json; charset=utf-8", 64 * 1024, DeterministicContent.Json),
        new("large.bin", "application/octet-stream", 1024 * 1024, DeterministicContent.Binary),
    ];
}

public sealed record ContentFile(string Name, string ContentType, int Size, Func<int, byte[]> Render);
