using System.Net;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Web;
using AsyncCapacity.Web.Content;

namespace AsyncCapacity.Tests.Content;

[Collection(AppHostGroup.Name)]
public sealed class ContentPairTests(AppHostFixture app)
{
    public static TheoryData<string> CatalogueNames() => [.. ContentFiles.All.Select(file => file.Name)];

    [Theory]
    [MemberData(nameof(CatalogueNames))]
    public async Task Both_variants_answer_every_catalogue_entry_identically(string name)
    {
        // Arrange
        var expected = ContentFiles.All.Single(file => file.Name == name);

        // Act
        using var fromFile = await app.Client.GetAsync(new Uri($"/content/file/{name}", UriKind.Relative));
        using var fromMemory = await app.Client.GetAsync(new Uri($"/content/memory/{name}", UriKind.Relative));
        var fileBytes = await fromFile.Content.ReadAsByteArrayAsync();
        var memoryBytes = await fromMemory.Content.ReadAsByteArrayAsync();

        // Assert
        Assert.Equal(HttpStatusCode.OK, fromFile.StatusCode);
        Assert.Equal(HttpStatusCode.OK, fromMemory.StatusCode);
        Assert.Equal(expected.ContentType, fromFile.Content.Headers.ContentType?.ToString());
        Assert.Equal(expected.ContentType, fromMemory.Content.Headers.ContentType?.ToString());
        Assert.Equal(expected.Size, fromFile.Content.Headers.ContentLength);
        Assert.Equal(expected.Size, fromMemory.Content.Headers.ContentLength);
        Assert.Equal(expected.Render(expected.Size), fileBytes);
        Assert.Equal(fileBytes, memoryBytes);
        RouteTests.AssertServerTiming(fromFile);
        RouteTests.AssertServerTiming(fromMemory);
    }

    [Fact]
    public async Task The_listing_names_each_file_with_its_size_on_disk_and_content_type()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/content", UriKind.Relative));
        using var listing = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var directory = listing.RootElement.GetProperty("directory").GetString()!;
        var files = listing.RootElement.GetProperty("files").EnumerateArray()
            .Select(f => (Name: f.GetProperty("name").GetString()!,
                Size: f.GetProperty("sizeBytes").GetInt64(), Type: f.GetProperty("contentType").GetString()))
            .ToList();

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(["small.html", "medium.json", "large.bin"], files.Select(f => f.Name));
        Assert.All(files, f => Assert.Equal(new FileInfo(Path.Combine(directory, f.Name)).Length, f.Size));
        Assert.Equal([1024L, 65_536L, 1_048_576L], files.Select(f => f.Size));
        Assert.Equal(["text/html; charset=utf-8", "application/json; charset=utf-8", "application/octet-stream"],
            files.Select(f => f.Type));
        RouteTests.AssertServerTiming(response);
    }

    [Theory]
    [InlineData("file")]
    [InlineData("memory")]
    public async Task A_name_outside_the_catalogue_answers_404_ProblemDetails_listing_the_catalogue(string variant)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri($"/content/{variant}/index.php", UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(
            "'index.php' is not in the catalogue: small.html, medium.json, large.bin (GET /content lists them).",
            problem.RootElement.GetProperty("detail").GetString());
        RouteTests.AssertServerTiming(response);
    }
}
