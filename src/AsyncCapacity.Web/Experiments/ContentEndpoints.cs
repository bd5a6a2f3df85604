using System.Runtime.CompilerServices;
using AsyncCapacity.Web.Content;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Experiments;

/// <summary>Same status, content type, length and body; only where the bytes come from differs.</summary>
public sealed class ContentEndpoints : IExperimentEndpoints
{
    public static string Id => "content";

    public static void Map(RouteGroupBuilder group, Experiment experiment)
    {
        group.MapGet("", List)
            .WithName("ContentList")
            .WithSummary("The catalogue: each file's name, size in bytes and content type.");

        group.MapVariant(experiment, "file", FromFile)
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapVariant(experiment, "memory", FromMemory)
            .ProducesProblem(StatusCodes.Status404NotFound);
    }

    internal static Ok<ContentListing> List(ContentCatalog catalog) => TypedResults.Ok(new ContentListing(
        catalog.Root,
        [.. catalog.Entries.Select(entry => new ContentItem(entry.Name, entry.Bytes.LongLength, entry.ContentType))]));

    // Blocking on purpose: File.ReadAllBytes holds this pool thread through open, stat, read and close (four syscalls
    // or more, and a wait on the disk whenever the page cache misses), and allocates a new array the size of the file
    // on every request (1 MB lands on the large-object heap, freed only by gen 2 collections). Under load the blocked
    // threads and the GC work show up as time queued before the pipeline starts, and as server time per request.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static Results<FileContentHttpResult, ProblemHttpResult> FromFile(string name, ContentCatalog catalog)
    {
        if (!catalog.TryFind(name, out var entry))
        {
            return UnknownName(name);
        }

        try
        {
            return TypedResults.Bytes(File.ReadAllBytes(entry.Path), entry.ContentType);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return TypedResults.Problem(
                title: "Content file unreadable",
                detail: $"{entry.Path}: {ex.Message} Restart the app to generate it again in Content:Directory.",
                statusCode: StatusCodes.Status503ServiceUnavailable);
        }
    }

    // The bytes were read once at start: the handler hands the same array to the response, which Kestrel writes
    // asynchronously. Nothing but the pipeline runs per request, and nothing is allocated for the body.
    [MethodImpl(MethodImplOptions.NoInlining)] // a frame of its own, so that a thread's stack names this handler (capacity stacks)
    internal static Results<FileContentHttpResult, ProblemHttpResult> FromMemory(string name, ContentCatalog catalog)
    {
        if (!catalog.TryFind(name, out var entry))
        {
            return UnknownName(name);
        }

        return TypedResults.Bytes(entry.Bytes, entry.ContentType);
    }

    private static ProblemHttpResult UnknownName(string name) => TypedResults.Problem(
        title: "Unknown content",
        detail: $"'{UserInput.Shown(name)}' is not in the catalogue: "
            + $"{string.Join(", ", ContentFiles.All.Select(file => file.Name))} (GET /content lists them).",
        statusCode: StatusCodes.Status404NotFound);
}

public sealed record ContentListing(string Directory, IReadOnlyList<ContentItem> Files);

public sealed record ContentItem(string Name, long SizeBytes, string ContentType);
