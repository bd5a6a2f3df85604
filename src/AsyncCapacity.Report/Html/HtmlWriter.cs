using System.Text;

namespace AsyncCapacity.Report.Html;

/// <summary>Escapes all text and attribute values; only <see cref="Raw"/> writes markup, and only constants or our own assets.</summary>
internal sealed class HtmlWriter
{
    private readonly StringBuilder _html = new(capacity: 256 * 1024);

    public HtmlWriter Raw(string markup)
    {
        _html.Append(markup);
        return this;
    }

    public HtmlWriter Text(string? text)
    {
        _html.Append(Escape(text));
        return this;
    }

    public HtmlWriter Open(string tag, string? cssClass = null, params (string Name, string? Value)[] attributes)
    {
        _html.Append('<').Append(tag);
        Attribute("class", cssClass);
        foreach (var (name, value) in attributes)
        {
            Attribute(name, value);
        }

        _html.Append('>');
        return this;
    }

    public HtmlWriter Close(string tag)
    {
        _html.Append("</").Append(tag).Append('>');
        return this;
    }

    public HtmlWriter Element(string tag, string? cssClass, string? text) =>
        Open(tag, cssClass).Text(text).Close(tag);

    public override string ToString() => _html.ToString();

    public static string Escape(string? text)
    {
        if (string.IsNullOrEmpty(text))
        {
            return string.Empty;
        }

        var escaped = new StringBuilder(text.Length + 16);
        foreach (var c in text)
        {
            _ = c switch
            {
                '&' => escaped.Append("&amp;"),
                '<' => escaped.Append("&lt;"),
                '>' => escaped.Append("&gt;"),
                '"' => escaped.Append("&quot;"),
                '\'' => escaped.Append("&#39;"),
                _ => escaped.Append(c),
            };
        }

        return escaped.ToString();
    }

    private void Attribute(string name, string? value)
    {
        if (value is not null)
        {
            _html.Append(' ').Append(name).Append("=\"").Append(Escape(value)).Append('"');
        }
    }
}
