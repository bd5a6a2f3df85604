using AsyncCapacity.Report.Html;

namespace AsyncCapacity.Tests.Html;

public sealed class MarkdownTests
{
    [Fact]
    public void Lines_separated_by_a_blank_line_are_paragraphs_and_a_paragraph_joins_its_lines()
    {
        // Act
        var html = Markdown.ToHtml("One line\nand its next.\n\nAnother.\n");

        // Assert
        Assert.Equal("<p>One line and its next.</p><p>Another.</p>", html);
    }

    [Theory]
    [InlineData("*slow*", "<em>slow</em>")]
    [InlineData("**fast**", "<strong>fast</strong>")]
    [InlineData("`Task.Result` and `a*b*c`", "<code>Task.Result</code> and <code>a*b*c</code>")]
    [InlineData("[QSP](https://example.org/qsp?a=1&b=2)", "<a href=\"https://example.org/qsp?a=1&amp;b=2\">QSP</a>")]
    [InlineData("**see [the *law*](https://x.org)**", "<strong>see <a href=\"https://x.org\">the <em>law</em></a></strong>")]
    [InlineData("N × D_max ≤ SLA, 3 * 4", "N × D_max ≤ SLA, 3 * 4")]
    public void Emphasis_code_and_links_render_inline(string markdown, string inline)
    {
        // Act
        var html = Markdown.ToHtml(markdown);

        // Assert
        Assert.Equal($"<p>{inline}</p>", html);
    }

    [Fact]
    public void Everything_else_is_escaped_even_inside_code()
    {
        // Act
        var html = Markdown.ToHtml("<b>Little's</b> \"law\" & `<script>`");

        // Assert
        Assert.Equal("<p>&lt;b&gt;Little&#39;s&lt;/b&gt; &quot;law&quot; &amp; <code>&lt;script&gt;</code></p>", html);
    }

    [Fact]
    public void Bulleted_and_numbered_lists_keep_their_continuation_lines()
    {
        // Act
        var bullets = Markdown.ToHtml("- first\n  goes on\n- second");
        var numbers = Markdown.ToHtml("1. one\n2. two");

        // Assert
        Assert.Equal("<ul><li>first goes on</li><li>second</li></ul>", bullets);
        Assert.Equal("<ol><li>one</li><li>two</li></ol>", numbers);
    }

    [Fact]
    public void Headings_render_and_comments_are_left_out()
    {
        // Act
        var html = Markdown.ToHtml("<!-- a note to the writer\n  over two lines -->\n\n### Title\n\nText.");

        // Assert
        Assert.Equal("<h3>Title</h3><p>Text.</p>", html);
    }

    [Fact]
    public void Placeholders_are_filled_with_escaped_values_that_are_never_read_as_Markdown()
    {
        // Arrange
        var values = new Dictionary<string, string> { ["sla"] = "p95 ≤ 1 s", ["name"] = "*<i>*" };

        // Act
        var html = Markdown.ToHtml("The SLA ({sla}) of *{name}*.", values);

        // Assert
        Assert.Equal("<p>The SLA (p95 ≤ 1 s) of <em>*&lt;i&gt;*</em>.</p>", html);
    }

    [Fact]
    public void A_placeholder_without_a_value_fails_loudly()
    {
        // Act, Assert
        var error = Assert.Throws<InvalidOperationException>(() => Markdown.ToHtml("{missing}", new Dictionary<string, string>()));
        Assert.Contains("{missing}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Sections_split_at_second_level_headings_and_leave_out_the_preamble()
    {
        // Act
        var sections = Markdown.Sections("<!-- preamble -->\n## One\nfirst\n\n## Two\n\nsecond\nmore\n");

        // Assert
        Assert.Equal([("One", "first"), ("Two", "second\nmore")], sections);
    }
}
