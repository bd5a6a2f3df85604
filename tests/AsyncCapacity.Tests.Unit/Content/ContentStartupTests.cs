using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Content;

public sealed class ContentStartupTests
{
    [Theory]
    [InlineData("under-a-file")]
    [InlineData("a-file")]
    [InlineData("empty")]
    public async Task A_content_directory_that_cannot_be_created_or_written_stops_the_app_naming_the_key(string kind)
    {
        // Arrange
        var folder = Directory.CreateTempSubdirectory("asynccapacity-content-test-").FullName;
        var regularFile = Path.Combine(folder, "not-a-folder");
        await File.WriteAllTextAsync(regularFile, "a regular file");
        var settings = AppHostFixture.DefaultSettings();
        settings["Content:Directory"] = kind switch
        {
            "under-a-file" => Path.Combine(regularFile, "content"),
            "a-file" => regularFile,
            _ => "",
        };

        try
        {
            // Act
            var error = Assert.Throws<OptionsValidationException>(() => AppHostFixture.Build(settings));

            // Assert
            Assert.Contains("Content:Directory", error.Message, StringComparison.Ordinal);
            Assert.Contains("Content__Directory", error.Message, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
