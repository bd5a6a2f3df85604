using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Content;

/// <summary>
/// Written at start and read back once, so the memory variant serves exactly the bytes the file variant reads; names
/// are looked up, never made into a path, so no name can reach outside the content root.
/// </summary>
public sealed class ContentCatalog(IOptions<ContentOptions> options) : IHostedService
{
    private FrozenDictionary<string, ContentEntry> _byName = FrozenDictionary<string, ContentEntry>.Empty;

    public string Root { get; } = Path.GetFullPath(options.Value.Directory);

    public IReadOnlyList<ContentEntry> Entries { get; private set; } = [];

    public bool TryFind(string name, [MaybeNullWhen(false)] out ContentEntry entry) => _byName.TryGetValue(name, out entry);

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        var entries = new List<ContentEntry>();
        try
        {
            foreach (var file in ContentFiles.All)
            {
                var path = Path.Combine(Root, file.Name);
                await WriteAtomicallyAsync(path, file.Render(file.Size), cancellationToken);
                entries.Add(new ContentEntry(file.Name, file.ContentType, path, await File.ReadAllBytesAsync(path, cancellationToken)));
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new InvalidOperationException(
                $"The content catalogue could not be written to '{Root}': {ex.Message} "
                + "Check Content:Directory (environment Content__Directory).", ex);
        }

        Entries = entries;
        _byName = entries.ToFrozenDictionary(entry => entry.Name, StringComparer.Ordinal);
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    // Write beside the file, then rename over it: another app sharing the folder (a second run, a test host) reads
    // either the old copy or the new one, both identical, never a half-written file.
    private static async Task WriteAtomicallyAsync(string path, byte[] bytes, CancellationToken cancellationToken)
    {
        var staging = $"{path}.{Guid.NewGuid():N}.tmp";
        try
        {
            await File.WriteAllBytesAsync(staging, bytes, cancellationToken);
            File.Move(staging, path, overwrite: true);
        }
        finally
        {
            File.Delete(staging);
        }
    }
}

public sealed record ContentEntry(string Name, string ContentType, string Path, byte[] Bytes);
