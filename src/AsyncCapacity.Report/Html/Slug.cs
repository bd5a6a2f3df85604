using System.Text;

namespace AsyncCapacity.Report.Html;

/// <summary>Turns a name into something safe for an HTML id: lowercase letters, digits and dashes.</summary>
internal static class Slug
{
    public static string Of(string name)
    {
        var slug = new StringBuilder(name.Length);
        foreach (var c in name.ToLowerInvariant())
        {
            slug.Append(char.IsAsciiLetterOrDigit(c) ? c : '-');
        }

        return slug.ToString();
    }
}
