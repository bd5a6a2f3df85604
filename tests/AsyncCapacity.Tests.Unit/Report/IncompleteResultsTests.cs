using System.Text.Json.Nodes;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// A results.json renders with whatever parts it holds: the workshop's recorded runs keep no timelines, older files no
/// predictions or stacks. A part every reader needs missing is one line naming the file and the part, never a crash deep
/// in the report.
/// </summary>
public sealed class IncompleteResultsTests
{
    private static readonly string Runs = Path.Combine(Repository.Root, "docs", "workshop", "runs");

    /// <summary>A searched run with stacks, predictions and measured threads, and one with its timelines.</summary>
    private static readonly string[] Whole =
    [
        Path.Combine(Runs, "lab2-sleep.json"),
        Path.Combine(AppContext.BaseDirectory, "Golden", "recorded", "audit-bounded-1.json"),
    ];

    private static readonly string[] OptionalParts =
    [
        "timeline", "prediction", "waits", "waitsCost", "adjustments", "capacity", "estimate", "gauges", "threadsHeld", "holds",
        "flags", "missed", "usl", "grown", "limits", "overhead", "cpuIsolation", "serverP50Ms", "p95Ms", "cpuPercent",
        "threadsAtStart", "maxQueueLength", "request", "noCapacityBecause", "appSettings",
    ];

    public static TheoryData<string> RecordedRuns() => [.. Directory.GetFiles(Runs, "*.json").Order(StringComparer.Ordinal)];

    /// <summary>Each part from the first whole file that holds it.</summary>
    public static TheoryData<string, string> WithoutAPart()
    {
        var data = new TheoryData<string, string>();
        foreach (var part in OptionalParts)
        {
            var file = Whole.FirstOrDefault(w => Remove(JsonNode.Parse(File.ReadAllText(w))!, part) > 0) ?? "none holds it";
            data.Add(Path.GetFileName(file), part);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RecordedRuns))]
    public void Every_recorded_run_of_the_workshop_renders_and_says_it_keeps_no_timeline(string path)
    {
        // Act
        var html = Rendered(File.ReadAllText(path), path);

        // Assert
        Assert.Contains("</html>", html, StringComparison.Ordinal);
        Assert.Contains("saved without its timelines", html, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(WithoutAPart))]
    public void A_results_file_without_an_optional_part_renders_without_it(string file, string part)
    {
        // Arrange
        var whole = Whole.SingleOrDefault(w => Path.GetFileName(w) == file);
        Assert.True(whole is not null, $"no whole file holds \"{part}\" to remove");
        var root = JsonNode.Parse(File.ReadAllText(whole))!;
        Remove(root, part);

        // Act
        var html = Rendered(root.ToJsonString(), file);

        // Assert
        Assert.Contains("</html>", html, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("run")]
    [InlineData("settings")]
    [InlineData("sla")]
    [InlineData("steps")]
    [InlineData("variants")]
    [InlineData("name")]
    public void A_results_file_without_a_required_part_is_refused_naming_the_file_and_the_part(string part)
    {
        // Arrange
        var root = JsonNode.Parse(File.ReadAllText(Whole[0]))!;
        Remove(root, part);

        // Act
        var error = Assert.Throws<InvalidDataException>(() => ResultsJson.Deserialize(root.ToJsonString(), "cut.json"));

        // Assert
        Assert.StartsWith("cut.json ", error.Message, StringComparison.Ordinal);
        Assert.Contains($".{part}", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    private static string Rendered(string json, string source) =>
        HtmlReport.Render(Predictions.Attach(ResultsJson.Deserialize(json, source)));

    /// <summary>Every property of that name, at any depth.</summary>
    private static int Remove(JsonNode node, string name)
    {
        var removed = 0;
        if (node is JsonObject obj)
        {
            if (obj.Remove(name))
            {
                removed++;
            }

            foreach (var (_, child) in obj.ToList())
            {
                removed += child is null ? 0 : Remove(child, name);
            }
        }
        else if (node is JsonArray array)
        {
            removed += array.Where(child => child is not null).Sum(child => Remove(child!, name));
        }

        return removed;
    }
}
