using System.Text;

namespace AsyncCapacity.Report.Html;

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
