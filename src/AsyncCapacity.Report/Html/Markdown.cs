using System.Text;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Report.Html;

/// <summary>The little Markdown the report's fixed texts are written in; every other character is escaped, and a
/// {placeholder} is filled with its value, escaped, after rendering so that data is never read as Markdown.</summary>
internal static partial class Markdown
{
    public static string ToHtml(string markdown, IReadOnlyDictionary<string, string>? values = null)
    {
        var html = new StringBuilder();
        foreach (var block in Blocks(markdown))
        {
            if (block[0].StartsWith("<!--", StringComparison.Ordinal))
            {
                continue;
            }

            if (Heading().Match(block[0]) is { Success: true } heading)
            {
                var level = heading.Groups[1].Length;
                html.Append($"<h{level}>").Append(Inline(heading.Groups[2].Value)).Append($"</h{level}>");
            }
            else if (ListItem().Match(block[0]) is { Success: true } item)
            {
                var tag = char.IsDigit(item.Value[0]) ? "ol" : "ul";
                html.Append($"<{tag}>");
                foreach (var text in Items(block))
                {
                    html.Append("<li>").Append(Inline(text)).Append("</li>");
                }

                html.Append($"</{tag}>");
            }
            else
            {
                html.Append("<p>").Append(Inline(string.Join(' ', block.Select(l => l.Trim())))).Append("</p>");
            }
        }

        return Fill(html.ToString(), values);
    }

    public static string Inline(string text, IReadOnlyDictionary<string, string>? values) => Fill(Inline(text), values);

    public static IReadOnlyList<(string Heading, string Body)> Sections(string markdown)
    {
        var sections = new List<(string Heading, List<string> Lines)>();
        foreach (var line in Lines(markdown))
        {
            if (line.StartsWith("## ", StringComparison.Ordinal))
            {
                sections.Add((line[3..].Trim(), []));
            }
            else if (sections.Count > 0)
            {
                sections[^1].Lines.Add(line);
            }
        }

        return sections.Select(s => (s.Heading, string.Join('\n', s.Lines).Trim())).ToList();
    }

    private static string Inline(string text)
    {
        var html = new StringBuilder();
        var at = 0;
        foreach (Match token in Token().Matches(text))
        {
            html.Append(HtmlWriter.Escape(text[at..token.Index]));
            html.Append(token.Groups switch
            {
                var g when g["code"].Success => $"<code>{HtmlWriter.Escape(g["code"].Value)}</code>",
                var g when g["strong"].Success => $"<strong>{Inline(g["strong"].Value)}</strong>",
                var g when g["em"].Success => $"<em>{Inline(g["em"].Value)}</em>",
                var g => $"<a href=\"{HtmlWriter.Escape(g["href"].Value)}\">{Inline(g["link"].Value)}</a>",
            });
            at = token.Index + token.Length;
        }

        return html.Append(HtmlWriter.Escape(text[at..])).ToString();
    }

    private static string Fill(string html, IReadOnlyDictionary<string, string>? values) => values is null ? html
        : Placeholder().Replace(html, m => values.TryGetValue(m.Groups[1].Value, out var value) ? HtmlWriter.Escape(value)
            : throw new InvalidOperationException($"No value for the placeholder {m.Value}."));

    private static IEnumerable<string> Items(IReadOnlyList<string> block)
    {
        var item = new List<string>();
        foreach (var line in block)
        {
            if (ListItem().IsMatch(line) && item.Count > 0)
            {
                yield return string.Join(' ', item);
                item.Clear();
            }

            item.Add(ListItem().Replace(line.Trim(), string.Empty, 1));
        }

        yield return string.Join(' ', item);
    }

    private static IEnumerable<IReadOnlyList<string>> Blocks(string markdown)
    {
        var block = new List<string>();
        foreach (var line in Lines(markdown).Append(string.Empty))
        {
            if (line.Trim().Length > 0)
            {
                block.Add(line);
            }
            else if (block.Count > 0)
            {
                yield return block.ToList();
                block.Clear();
            }
        }
    }

    private static string[] Lines(string markdown) => markdown.ReplaceLineEndings("\n").Split('\n');

    [GeneratedRegex(@"^(#{1,6}) (.+)$")]
    private static partial Regex Heading();

    [GeneratedRegex(@"^(?:[-*]|\d+\.) ")]
    private static partial Regex ListItem();

    [GeneratedRegex(@"`(?<code>[^`]+)`|\*\*(?<strong>.+?)\*\*|\*(?<em>[^*\s][^*]*?)\*|\[(?<link>[^\]]+)\]\((?<href>[^)\s]+)\)")]
    private static partial Regex Token();

    [GeneratedRegex(@"\{([a-z][a-z-]*)\}")]
    private static partial Regex Placeholder();
}
