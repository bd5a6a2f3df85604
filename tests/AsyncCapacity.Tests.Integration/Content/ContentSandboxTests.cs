using System.Net;
using System.Text.Json;

namespace AsyncCapacity.Tests.Content;

/// <summary>Tests that need a content root of their own: files beside it, or changes inside it.</summary>
public sealed class ContentSandboxTests
{
    [Fact]
    public async Task A_canary_outside_the_content_root_is_never_served_by_any_name()
    {
        // Arrange: the same unique text beside the root (an absolute path outside it) and inside the root but
        // outside the catalogue
        await using var sandbox = await ContentSandbox.StartAsync();
        var canary = $"CANARY-{Guid.NewGuid():N}";
        var beside = Path.Combine(sandbox.Folder, "canary.txt");
        await File.WriteAllTextAsync(beside, canary);
        await File.WriteAllTextAsync(Path.Combine(sandbox.Root, "extra.txt"), canary);
        var escapedAbsolute = Uri.EscapeDataString(beside);
        string[] names =
        [
            "canary.txt",
            "extra.txt",
            "../canary.txt",
            "..%2Fcanary.txt",
            "%2e%2e%2fcanary.txt",
            "%2e%2e/canary.txt",
            "..%5Ccanary.txt",
            "..\\canary.txt",
            "..%2F..%2Fcontent%2F..%2Fcanary.txt",
            escapedAbsolute,
            beside,
            "file:%2F%2F" + escapedAbsolute,
            "canary.txt%00small.html",
            "..%2Fcanary.txt%00",
        ];

        foreach (var variant in new[] { "file", "memory" })
        {
            foreach (var name in names)
            {
                // Act
                using var response = await sandbox.Client.GetAsync(RawUri.For(sandbox.Client.BaseAddress!, $"/content/{variant}/{name}"));
                var body = await response.Content.ReadAsStringAsync();

                // Assert
                Assert.DoesNotContain(canary, body, StringComparison.Ordinal);
                Assert.True((int)response.StatusCode is >= 400 and < 500, $"{variant}/{name} answered {(int)response.StatusCode}");
            }
        }
    }

    [Fact]
    public async Task The_files_are_generated_in_Content_Directory_and_the_listing_matches_them()
    {
        // Arrange
        await using var sandbox = await ContentSandbox.StartAsync();

        // Act
        using var listing = JsonDocument.Parse(await sandbox.Client.GetStringAsync(new Uri("/content", UriKind.Relative)));

        // Assert
        Assert.Equal(sandbox.Root, listing.RootElement.GetProperty("directory").GetString());
        Assert.Equal(["large.bin", "medium.json", "small.html"],
            Directory.GetFiles(sandbox.Root).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        foreach (var file in listing.RootElement.GetProperty("files").EnumerateArray())
        {
            var onDisk = await File.ReadAllBytesAsync(Path.Combine(sandbox.Root, file.GetProperty("name").GetString()!));
            Assert.Equal(onDisk.LongLength, file.GetProperty("sizeBytes").GetInt64());
        }
    }

    [Fact]
    public async Task A_file_removed_after_start_gives_the_file_variant_a_503_and_leaves_memory_serving()
    {
        // Arrange
        await using var sandbox = await ContentSandbox.StartAsync();
        File.Delete(Path.Combine(sandbox.Root, "medium.json"));

        // Act
        using var fromFile = await sandbox.Client.GetAsync(new Uri("/content/file/medium.json", UriKind.Relative));
        using var fromMemory = await sandbox.Client.GetAsync(new Uri("/content/memory/medium.json", UriKind.Relative));
        using var problem = JsonDocument.Parse(await fromFile.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.ServiceUnavailable, fromFile.StatusCode);
        Assert.Equal("application/problem+json", fromFile.Content.Headers.ContentType?.MediaType);
        Assert.Contains("Content:Directory", problem.RootElement.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, fromMemory.StatusCode);
        Assert.Equal(65_536, (await fromMemory.Content.ReadAsByteArrayAsync()).Length);
    }
}
