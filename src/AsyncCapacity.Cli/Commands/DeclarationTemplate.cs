using System.Text.RegularExpressions;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity experiments --new NAME`: DeclarationTemplate.json with NAME filled in. Plain JSON that loads as printed (k6 reads it
/// with JSON.parse, so its explanations are "$comment" properties, which every reader ignores).</summary>
internal static partial class DeclarationTemplate
{
    public static bool IsId(string name) => Id().IsMatch(name);

    public static string For(string id)
    {
        using var stream = typeof(DeclarationTemplate).Assembly.GetManifestResourceStream("DeclarationTemplate.json")!;
        using var reader = new StreamReader(stream);
        return Name().Replace(reader.ReadToEnd(), id);
    }

    [GeneratedRegex("^[a-z][a-z0-9-]*$")]
    private static partial Regex Id();

    [GeneratedRegex(@"\bNAME\b")]
    private static partial Regex Name();
}
