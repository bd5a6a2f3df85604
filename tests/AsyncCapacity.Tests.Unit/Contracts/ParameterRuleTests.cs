using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;
using Jint;

namespace AsyncCapacity.Tests.Contracts;

/// <summary>
/// A parameter's rule is the C# one (UserInput, Parameter, Experiment.TryResolveValues); k6 on its own repeats it in
/// k6-scripts/lib/parameters.js. Both must give the same values and the same messages, case by case.
/// </summary>
public sealed class ParameterRuleTests
{
    private static readonly string[] Raw =
    [
        "0", "500", "+200", "-0", "007", "10000", "10001", "-1", "1.5", "1e3", "0x10", " 5", "5 ", "", "abc", "٣",
        "99999999999999999999", "small.html", "Small.html", "large.bin", "true", "false", "True", new string('x', 40), "16", "65536",
    ];

    public static TheoryData<string, string, string> Cases()
    {
        var cases = new TheoryData<string, string, string>();
        foreach (var experiment in ExperimentCatalog.All)
        {
            foreach (var name in experiment.Parameters.Select(p => p.Name).Append("MS").Append("nosuch"))
            {
                foreach (var raw in Raw)
                {
                    cases.Add(experiment.Id, name, raw);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void The_k6_rule_answers_exactly_as_the_CSharp_rule(string id, string name, string raw)
    {
        // Arrange
        var experiment = ExperimentCatalog.Get(id);
        var given = new[] { KeyValuePair.Create(name, raw) };

        // Act
        var ok = experiment.TryResolveValues(given, out var values, out var errors);
        var (jsValues, jsErrors) = Js.Resolve(File.ReadAllText(Path.Combine(Repository.Root, "experiments", $"{id}.json")), name, raw);

        // Assert
        Assert.Equal(ok, jsErrors.Count == 0);
        Assert.Equal(errors, jsErrors);
        if (ok)
        {
            Assert.Equal(values, jsValues);
        }
    }

    /// <summary>lib/parameters.js in Jint, as the report runs lib/judge.js.</summary>
    private static class Js
    {
        private static readonly Lock Gate = new();
        private static readonly Lazy<(Engine Engine, Jint.Native.JsValue Resolve)> Module = new(() =>
        {
            var engine = new Engine(options => options.Strict());
            engine.Modules.Add("parameters", File.ReadAllText(Path.Combine(Repository.Root, "k6-scripts", "lib", "parameters.js")));
            return (engine, engine.Modules.Import("parameters").Get("resolveValues"));
        });

        public static (Dictionary<string, string> Values, Dictionary<string, string> Errors) Resolve(
            string declarationJson, string name, string raw)
        {
            lock (Gate)
            {
                var (engine, resolve) = Module.Value;
                var declaration = new Jint.Native.Json.JsonParser(engine).Parse(declarationJson);
                var requested = new Jint.Native.Json.JsonParser(engine).Parse(JsonSerializer.Serialize(new[] { new[] { name, raw } }));
                var result = engine.Invoke(resolve, declaration, requested);
                var answer = new Jint.Native.Json.JsonSerializer(engine).Serialize(result).AsString();
                var parsed = JsonSerializer.Deserialize<Dictionary<string, Dictionary<string, string>>>(answer)!;
                return (parsed["values"], parsed["errors"]);
            }
        }
    }
}
