using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>docs/workshop's labs and the parts of a lab the tests read: its answer, the runs it quotes, its slot.</summary>
internal static partial class WorkshopPages
{
    public static readonly string Workshop = Path.Combine(Repository.Root, "docs", "workshop");

    public static readonly string Runs = Path.Combine(Workshop, "runs");

    /// <summary>The labs' file names (02-sleep.md, …), in order.</summary>
    public static IReadOnlyList<string> Labs =>
        [.. Directory.GetFiles(Workshop, "??-*.md").Select(f => Path.GetFileName(f)).Where(f => char.IsAsciiDigit(f[0]))
            .Order(StringComparer.Ordinal)];

    public static string Text(string lab) => File.ReadAllText(Path.Combine(Workshop, lab)).ReplaceLineEndings("\n");

    /// <summary>A lab kept for a measurement that does not exist yet says so (&lt;!-- slot: what fills it --&gt;): it
    /// has its question and mechanism, and no run to quote until then.</summary>
    public static string? Slot(string lab) => SlotMark().Match(Text(lab)) is { Success: true } slot ? slot.Groups[1].Value : null;

    /// <summary>The trainer's answer: what stands inside &lt;details&gt;.</summary>
    public static string Answer(string lab)
    {
        var answer = AnswerBlock().Match(Text(lab));
        Assert.True(answer.Success, $"{lab} has no answer in a <details> block");
        return answer.Groups[1].Value;
    }

    /// <summary>The runs a page quotes in its rendered blocks, each once, as paths relative to the page.</summary>
    public static IReadOnlyList<string> QuotedRuns(string text) =>
        [.. RenderedBlock().Matches(text).SelectMany(m => m.Groups[2].Value.Split(' ')).Distinct()];

    /// <summary>The answer's own words: rendered tables, readings by hand, code and the figures' links left out.</summary>
    public static string Prose(string answer)
    {
        var prose = RenderedBlock().Replace(answer, "");
        prose = ByHand().Replace(prose, "");
        prose = CodeFence().Replace(prose, "");
        prose = InlineCode().Replace(prose, "");
        return Summary().Replace(prose, "");
    }

    [GeneratedRegex(@"<!-- slot: (.+?) -->")]
    private static partial Regex SlotMark();

    [GeneratedRegex(@"<details>(.*?)</details>", RegexOptions.Singleline)]
    private static partial Regex AnswerBlock();

    [GeneratedRegex(@"<!-- (recorded|compare|steps): ([^>]+?) -->\n.*?<!-- /\1 -->", RegexOptions.Singleline)]
    public static partial Regex RenderedBlock();

    /// <summary>A reading made by hand (a tool's output, a field report's table): its date and command in the mark.</summary>
    [GeneratedRegex(@"<!-- by hand: (.+?) -->\n.*?<!-- /by hand -->", RegexOptions.Singleline)]
    public static partial Regex ByHand();

    [GeneratedRegex(@"```.*?```", RegexOptions.Singleline)]
    private static partial Regex CodeFence();

    [GeneratedRegex(@"`[^`\n]+`")]
    private static partial Regex InlineCode();

    [GeneratedRegex(@"<summary>.*?</summary>")]
    private static partial Regex Summary();
}
