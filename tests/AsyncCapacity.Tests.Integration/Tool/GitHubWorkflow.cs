using System.Text.RegularExpressions;

namespace AsyncCapacity.Tests.Tool;

/// <summary>One step of a job: an action it uses, or a shell script it runs, with the variables the step adds.</summary>
public sealed record WorkflowStep(string Name, string? Uses, string? Run, IReadOnlyDictionary<string, string> Env);

/// <summary>A one-job GitHub Actions workflow, read as the runner reads what it runs: the job's env, then each step's name,
/// env and run script (docs.github.com/actions/reference/workflows-and-actions/workflow-syntax). The subset docs/ci-gate.md
/// writes: block scalars (`run: |`), plain `KEY: value` maps, and `${{ expression }}` filled in from a table the caller gives,
/// any other expression refused so that the workflow cannot ask for what the test does not give.</summary>
public sealed partial record GitHubWorkflow(IReadOnlyDictionary<string, string> Env, IReadOnlyList<WorkflowStep> Steps)
{
    /// <summary>The ```yaml block of a Markdown page.</summary>
    public static GitHubWorkflow FromMarkdown(string markdown, IReadOnlyDictionary<string, string> expressions)
    {
        var block = YamlBlock().Match(markdown);
        Assert.True(block.Success, "no ```yaml block");
        return Parse(block.Groups["yaml"].Value.Split('\n'), expressions);
    }

    private static GitHubWorkflow Parse(string[] lines, IReadOnlyDictionary<string, string> expressions)
    {
        var jobEnv = new Dictionary<string, string>();
        var steps = new List<WorkflowStep>();
        var stepsAt = Array.FindIndex(lines, l => l == "    steps:");
        var envAt = Array.FindIndex(lines, l => l == "    env:");
        Assert.True(stepsAt > 0 && envAt > 0, "the job has no env: or steps: at 4 spaces");
        ReadMap(lines, envAt + 1, 6, jobEnv, expressions);
        for (var i = stepsAt + 1; i < lines.Length && Indent(lines[i]) >= 6; i++)
        {
            if (lines[i].StartsWith("      - ", StringComparison.Ordinal))
            {
                steps.Add(ReadStep(lines, i, expressions));
            }
        }

        return new GitHubWorkflow(jobEnv, steps);
    }

    private static WorkflowStep ReadStep(string[] lines, int at, IReadOnlyDictionary<string, string> expressions)
    {
        var (name, uses, run, env) = ("", (string?)null, (string?)null, new Dictionary<string, string>());
        for (var i = at; i < lines.Length && (i == at || Indent(lines[i]) >= 8 || lines[i].Trim().Length == 0); i++)
        {
            var line = i == at ? "        " + lines[i][8..] : lines[i];
            if (Indent(line) != 8)
            {
                continue;
            }

            var (key, value) = KeyValue(line);
            switch (key)
            {
                case "name": name = value; break;
                case "uses": uses = value; break;
                case "env": ReadMap(lines, i + 1, 10, env, expressions); break;
                case "run" when value == "|":
                    run = string.Join('\n', lines.Skip(i + 1).TakeWhile(l => Indent(l) >= 10 || l.Trim().Length == 0)
                        .Select(l => l.Length > 10 ? l[10..] : ""));
                    break;
                case "run": run = value; break;
            }
        }

        return new WorkflowStep(name.Length > 0 ? name : uses ?? "", uses, run is null ? null : Fill(run, expressions), env);
    }

    private static void ReadMap(string[] lines, int from, int indent, Dictionary<string, string> map,
        IReadOnlyDictionary<string, string> expressions)
    {
        foreach (var line in lines.Skip(from).TakeWhile(l => Indent(l) >= indent).Where(l => Indent(l) == indent))
        {
            if (!line.TrimStart().StartsWith('#'))
            {
                var (key, value) = KeyValue(line);
                map[key] = Fill(value, expressions);
            }
        }
    }

    private static (string Key, string Value) KeyValue(string line)
    {
        var colon = line.IndexOf(':', StringComparison.Ordinal);
        var value = line[(colon + 1)..].Trim();
        var comment = value.IndexOf(" #", StringComparison.Ordinal);
        return (line[..colon].Trim(), comment >= 0 ? value[..comment].TrimEnd() : value);
    }

    private static string Fill(string text, IReadOnlyDictionary<string, string> expressions) =>
        Expression().Replace(text, m => expressions.TryGetValue(m.Groups["expression"].Value, out var value)
            ? value
            : throw new InvalidOperationException($"the workflow asks for ${{{{ {m.Groups["expression"].Value} }}}}, which the test does not give"));

    private static int Indent(string line) => line.Length - line.TrimStart(' ').Length;

    [GeneratedRegex(@"```yaml\n(?<yaml>.*?)```", RegexOptions.Singleline)]
    private static partial Regex YamlBlock();

    [GeneratedRegex(@"\$\{\{\s*(?<expression>[^}]+?)\s*\}\}")]
    private static partial Regex Expression();
}
