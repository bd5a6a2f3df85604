using System.Net;
using System.Text.RegularExpressions;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Tests.Report;

/// <summary>The golden results files, and ways to read a rendered report the way a person does.</summary>
internal static class ReportPages
{
    public static ResultsDocument Golden(string name)
    {
        var path = Path.Combine(AppContext.BaseDirectory, "Golden", name);
        return ResultsJson.Deserialize(File.ReadAllText(path), path);
    }

    public static string StepTableOf(string html, ExperimentResult experiment, VariantResult variant)
    {
        var id = AsyncCapacity.Report.Html.StepTable.Id(experiment, variant);
        var table = Regex.Match(html, $"<table class=\"steps\" id=\"{id}\">.*?</table>", RegexOptions.Singleline);
        Assert.True(table.Success, $"no step table {id}");
        return table.Value;
    }

    /// <summary>The visible text of a step table's column headers, in order.</summary>
    public static IReadOnlyList<string> Headers(string table) =>
        Regex.Matches(table, "<th scope=\"col\"[^>]*>(.*?)</th>", RegexOptions.Singleline)
            .Select(m => VisibleText(m.Groups[1].Value).Trim())
            .ToList();

    /// <summary>The visible text of one cell: the row of a step, the column under a header.</summary>
    public static string Cell(string table, int concurrency, string header)
    {
        var column = Headers(table).ToList().IndexOf(header);
        Assert.True(column >= 0, $"no column '{header}' in [{string.Join(", ", Headers(table))}]");
        var row = Regex.Match(table, $"<tr class=\"step[^\"]*\" data-concurrency=\"{concurrency}\">(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, $"no row for {concurrency} clients");
        var cells = Regex.Matches(row.Groups[1].Value, "<t([hd])\\b[^>]*>(.*?)</t\\1>", RegexOptions.Singleline)
            .Select(m => VisibleText(m.Groups[2].Value).Trim())
            .ToList();
        return cells[column];
    }

    /// <summary>What a reader sees: no scripts or styles, no tags, entities decoded, whitespace collapsed.</summary>
    public static string VisibleText(string html)
    {
        var withoutCode = Regex.Replace(html, "<(script|style)\\b.*?</\\1>", " ", RegexOptions.Singleline);
        var text = WebUtility.HtmlDecode(Regex.Replace(withoutCode, "<[^>]+>", string.Empty));
        return Regex.Replace(text, "\\s+", " ");
    }
}
