using System.Text.Json;
using AsyncCapacity.Lab.Measure;
using Jint;
using Jint.Native;
using JsJson = Jint.Native.Json;

namespace AsyncCapacity.Lab.Judge;

/// <summary>k6-scripts/lib/judge.js run through Jint, so that the report, the CLI's progress line and k6 on its own cannot judge
/// a step differently.</summary>
public static class SlaJudge
{
    private static readonly Lazy<Rule> Judge = new(Rule.Load);
    private static readonly Lock Gate = new();

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

    /// <summary>Jint's engine is not thread-safe, so calls are serialised.</summary>
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

/// <summary>Judged is false when too few requests completed for the SLA's percentile and nothing else decided the step.</summary>
public sealed record SlaVerdict(
    bool Meets,
    bool Judged,
    IReadOnlyList<string> Missed,
    IReadOnlyList<string> Reasons,
    long Errors,
    double ErrorRate,
    double? DroppedShare,
    long Unanswered);
