using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Content;

public sealed class ContentOptions : IValidatableObject
{
    public const string SectionName = "Content";

    /// <summary>Under the temp folder: the container's non-root user cannot write the app's own folder.</summary>
    [Required(AllowEmptyStrings = false, ErrorMessage = "must name a folder the app can create and write")]
    public string Directory { get; set; } = Path.Combine(Path.GetTempPath(), "asynccapacity-content");

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        // Creating the folder and a file that deletes itself is the only honest test of "creatable and writable".
        try
        {
            var root = System.IO.Directory.CreateDirectory(Directory).FullName;
            using var probe = File.Create(Path.Combine(root, $".write-probe-{Guid.NewGuid():N}"), 1, FileOptions.DeleteOnClose);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            return [new ValidationResult($"must name a folder the app can create and write ({ex.Message})", [nameof(Directory)])];
        }

        return [];
    }
}
