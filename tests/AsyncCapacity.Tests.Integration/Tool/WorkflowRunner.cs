using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Tool;

/// <summary>Runs a workflow's shell steps as an Actions runner on Linux does: each with `bash --noprofile --norc -eo pipefail`
/// in the workspace, the job's and the step's env, RUNNER_TEMP, and the folders earlier steps wrote to GITHUB_PATH put first
/// on PATH; it stops at the first step that fails. Actions (`uses:`) are not run: the machine stands in for them. A second run
/// in the same runner finds what the first left (the workspace, RUNNER_TEMP, GITHUB_PATH), as a job's later steps would.</summary>
internal sealed class WorkflowRunner
{
    private static readonly TimeSpan StepTimeout = TimeSpan.FromMinutes(6);
    private readonly string _workspace;
    private readonly string _runnerTemp;
    private readonly IReadOnlyDictionary<string, string> _machine;
    private readonly ITestOutputHelper _log;
    private readonly string _githubPath;

    public WorkflowRunner(string workspace, string runnerTemp, IReadOnlyDictionary<string, string> machine, ITestOutputHelper log)
    {
        (_workspace, _runnerTemp, _machine, _log) = (workspace, runnerTemp, machine, log);
        _githubPath = Path.Combine(runnerTemp, "github-path");
        File.WriteAllText(_githubPath, "");
    }

    /// <summary>Every step run, with its exit code, up to the first that failed; the steps named in <paramref name="skipped"/>
    /// are left out (their effect is the machine's, or an earlier run's).</summary>
    public async Task<IReadOnlyList<(string Step, int ExitCode, string Output)>> RunAsync(
        GitHubWorkflow workflow, IReadOnlySet<string> skipped)
    {
        var ran = new List<(string, int, string)>();
        foreach (var step in workflow.Steps.Where(s => s.Run is not null && !skipped.Contains(s.Name)))
        {
            var script = Path.Combine(_runnerTemp, $"step-{step.Name.Replace(' ', '-')}.sh");
            await File.WriteAllTextAsync(script, step.Run);
            _log.WriteLine($"== {step.Name}");
            var (exitCode, output) = await CliProcess.RunProgramAsync(_log, StepTimeout, "bash",
                ["--noprofile", "--norc", "-eo", "pipefail", script], _workspace, Environment(workflow, step));
            ran.Add((step.Name, exitCode, output));
            if (exitCode != 0)
            {
                break;
            }
        }

        return ran;
    }

    private Dictionary<string, string> Environment(GitHubWorkflow workflow, WorkflowStep step)
    {
        var environment = new Dictionary<string, string>(_machine)
        {
            ["RUNNER_TEMP"] = _runnerTemp,
            ["GITHUB_WORKSPACE"] = _workspace,
            ["GITHUB_PATH"] = _githubPath,
        };
        foreach (var (key, value) in workflow.Env.Concat(step.Env))
        {
            environment[key] = value;
        }

        var added = File.ReadAllLines(_githubPath).Where(l => l.Length > 0).Reverse();
        environment["PATH"] = string.Join(Path.PathSeparator,
            [.. added, environment.GetValueOrDefault("PATH") ?? System.Environment.GetEnvironmentVariable("PATH") ?? ""]);
        return environment;
    }
}
