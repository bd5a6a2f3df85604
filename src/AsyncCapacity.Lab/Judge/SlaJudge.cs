using System.Text.Json;
using AsyncCapacity.Lab.Measure;
using Jint;
using Jint.Native;
using JsJson = Jint.Native.Json;

namespace AsyncCapacity.Lab.Judge;

/// <summary>The SLA's one rule: k6-scripts/lib/judge.js, the file k6 judges with, run here through Jint, so that the report,
/// the CLI's progress line and k6 on its own cannot judge a step differently.</summary>
public static class SlaJudge
{
    private static readonly Lazy<Rule> Judge = new(Rule.Load);
    private static readonly Lock Gate = new();

    /// <param name="plan">The step's load, model, windows and whether clients hold sessions: what the rule's conditions read.</param>
    public static SlaVerdict Of(ProbeSamples step, StepPlan plan, Sla sla)
    {
        var arguments = JsonSerializer.Serialize(new object[] { step, plan, sla }, WireJson.Options);
        string verdict;
        lock (Gate)
        {
            verdict = Judge.Value.Run(arguments);
        }

        return JsonSerializer.Deserialize<SlaVerdict>(verdict, WireJson.Options)
            ?? throw new InvalidOperationException($"judge.js returned no verdict for {plan.Name}.");
    }

    /// <summary>One interpreter with the module loaded; Jint's engine is not thread-safe, so calls are serialised.</summary>
    private sealed class Rule(Engine engine, JsValue judge)
    {
        public static Rule Load()
        {
            var engine = new Engine(options => options.Strict().TimeoutInterval(TimeSpan.FromSeconds(5)));
            engine.Modules.Add("judge", JudgeScript.Text);
            return new Rule(engine, engine.Modules.Import("judge").Get("judge"));
        }

        public string Run(string argumentsJson)
        {
            var arguments = new JsJson.JsonParser(engine).Parse(argumentsJson);
            var result = engine.Invoke(judge, arguments.Get("0"), arguments.Get("1"), arguments.Get("2"));
            return new JsJson.JsonSerializer(engine).Serialize(result).AsString();
        }
    }
}

/// <summary>What judge.js needs to know of a step beside its figures (it reads the same names as k6's step plan).</summary>
/// <param name="Name">The k6 scenario: "sync_c50".</param>
/// <param name="Sessions">Each client holds a session for the step (a WebSocket kind): sessions lost miss the SLA.</param>
public sealed record StepPlan(string Name, int Concurrency, LoadModel Model, double WarmupSeconds, double StepSeconds, bool Sessions)
{
    public static StepPlan Of(ProbeSamples step, LoadModel model, LoadKind kind) => new(
        $"{step.Variant}_c{step.Concurrency}",
        step.Concurrency,
        model,
        (step.MeasureFromMs - step.StartMs) / 1000.0,
        (step.EndMs - step.MeasureFromMs) / 1000.0,
        kind.HoldsSessions);
}

/// <summary>The rule's verdict on one step, with the figures every reader shows beside it.</summary>
/// <param name="Judged">False when too few requests completed for the SLA's percentile and nothing else decided the step.</param>
/// <param name="Missed">The ids of the conditions the step missed; empty when it met the SLA.</param>
/// <param name="Reasons">The same conditions in words ("p95 ≤ 1000 ms").</param>
/// <param name="Errors">Failed requests and sessions lost.</param>
/// <param name="ErrorRate">Errors ÷ everything attempted (requests completed and sessions lost).</param>
/// <param name="DroppedShare">Open model: arrivals dropped ÷ arrivals offered over the whole step; null when closed.</param>
/// <param name="Unanswered">Closed model, a window longer than the SLA's p95: clients that got no answer in the whole window.</param>
public sealed record SlaVerdict(
    bool Meets,
    bool Judged,
    IReadOnlyList<string> Missed,
    IReadOnlyList<string> Reasons,
    long Errors,
    double ErrorRate,
    double? DroppedShare,
    long Unanswered);
