using System.Text;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Cli.Import;

/// <summary>Unset variables become {env:NAME}, read from the environment when k6 sends them, so no secret is written into a
/// declaration (https://learn.microsoft.com/aspnet/core/test/http-files).</summary>
internal static partial class HttpFile
{
    private static readonly HashSet<string> Methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

    public static IReadOnlyList<ImportedRequest> Parse(string text)
    {
        var variables = new Dictionary<string, string>(StringComparer.Ordinal);
        var requests = new List<ImportedRequest>();
        // Split with the separator's text captured: [before the first ###, title, block, title, block, ...].
        var parts = Separator().Split(text.ReplaceLineEndings("\n"));
        for (var p = 0; p < parts.Length; p += p == 0 ? 1 : 2)
        {
            var (title, block) = p == 0 ? ("", parts[0]) : (parts[p].Trim(), p + 1 < parts.Length ? parts[p + 1] : "");
            if (Read(block, variables, title) is { } request)
            {
                requests.Add(request with { Name = UniqueName(request.Name, requests) });
            }
        }

        return requests;
    }

    private static ImportedRequest? Read(string block, Dictionary<string, string> variables, string title)
    {
        var lines = block.Split('\n');
        var name = title.Length > 0 ? title : null;
        var i = 0;
        for (; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (Variable().Match(line) is { Success: true } variable)
            {
                variables[variable.Groups[1].Value] = Fill(variable.Groups[2].Value.Trim(), variables);
            }
            else if (NameComment().Match(line) is { Success: true } named)
            {
                name = named.Groups[1].Value;
            }
            else if (line.Length > 0 && !line.StartsWith('#') && !line.StartsWith("//", StringComparison.Ordinal))
            {
                break;
            }
        }

        if (i == lines.Length)
        {
            return null;
        }

        var (method, target) = RequestLine(Fill(lines[i].Trim(), variables));
        var headers = new List<KeyValuePair<string, string>>();
        for (i++; i < lines.Length && lines[i].Trim().Length > 0; i++)
        {
            var colon = lines[i].IndexOf(':', StringComparison.Ordinal);
            if (colon > 0 && !lines[i].TrimStart().StartsWith('#'))
            {
                headers.Add(new(lines[i][..colon].Trim(), Fill(lines[i][(colon + 1)..].Trim(), variables)));
            }
        }

        var body = string.Join('\n', lines.Skip(i + 1).Where(l => !l.TrimStart().StartsWith('#'))).Trim();
        var contentType = headers.FirstOrDefault(h => h.Key.Equals("Content-Type", StringComparison.OrdinalIgnoreCase)).Value;
        return new ImportedRequest(
            name ?? $"{method.ToLowerInvariant()}-{Route(target).Split('?')[0]}",
            method,
            Route(target),
            [.. headers.Where(h => !h.Key.Equals("Content-Type", StringComparison.OrdinalIgnoreCase))],
            body.Length == 0 ? null : Fill(body, variables),
            contentType);
    }

    private static (string Method, string Target) RequestLine(string line)
    {
        var words = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var (method, target) = words.Length > 1 && Methods.Contains(words[0].ToUpperInvariant())
            ? (words[0].ToUpperInvariant(), words[1]) : ("GET", words[0]);
        return (method, target);
    }

    private static string Route(string target) =>
        Uri.TryCreate(target, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https" ? uri.PathAndQuery
            : target.StartsWith('/') ? target : "/" + target;

    private static string Fill(string text, Dictionary<string, string> variables) =>
        Placeholder().Replace(text, m =>
        {
            var inside = m.Groups[1].Value.Trim();
            if (EnvironmentReference().Match(inside) is { Success: true } env)
            {
                return $"{{env:{env.Groups[1].Value}}}";
            }

            return variables.TryGetValue(inside, out var value) ? value : $"{{env:{EnvironmentName(inside)}}}";
        });

    private static string EnvironmentName(string variable) =>
        CamelBoundary().Replace(variable, "$1_$2").Replace('-', '_').Replace('.', '_').ToUpperInvariant();

    /// <summary>The slug of the name, with -2, -3 … where an earlier request has it.</summary>
    public static string UniqueName(string name, List<ImportedRequest> earlier)
    {
        var slug = Slug(name);
        var unique = slug;
        for (var n = 2; earlier.Any(r => r.Name == unique); n++)
        {
            unique = $"{slug}-{n}";
        }

        return unique;
    }

    public static string Slug(string text)
    {
        var slug = new StringBuilder();
        foreach (var c in CamelBoundary().Replace(text, "$1-$2").ToLowerInvariant())
        {
            slug.Append(char.IsAsciiLetterOrDigit(c) ? c : '-');
        }

        var trimmed = MultipleDashes().Replace(slug.ToString(), "-").Trim('-');
        return trimmed.Length > 0 && char.IsAsciiLetter(trimmed[0]) ? trimmed : "r-" + trimmed;
    }

    [GeneratedRegex(@"^###([^\n]*)$", RegexOptions.Multiline)]
    private static partial Regex Separator();

    [GeneratedRegex(@"^@([A-Za-z_][\w.-]*)\s*=\s*(.*)$")]
    private static partial Regex Variable();

    [GeneratedRegex(@"^(?:#|//)\s*@name\s+(\S+)")]
    private static partial Regex NameComment();

    [GeneratedRegex(@"\{\{(.+?)\}\}")]
    private static partial Regex Placeholder();

    [GeneratedRegex(@"^\$(?:processEnv|dotenv)\s+%?([A-Za-z_]\w*)$")]
    private static partial Regex EnvironmentReference();

    [GeneratedRegex("([a-z0-9])([A-Z])")]
    private static partial Regex CamelBoundary();

    [GeneratedRegex("-{2,}")]
    private static partial Regex MultipleDashes();
}
