using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class LoadModelOptions : IOptionGroup
{
    /// <summary>k6 holds 1-5 MB per client and the machine shares its cores with the app: beyond this, ask for a bigger box.</summary>
    public const int MaxConcurrency = 20_000;

    public Option<LoadModel> Model { get; } = new("--model")
    {
        Description = "closed: each step is N clients "
            + "that send their next request when the previous one answers (throughput follows latency). "
            + "open: each step offers a fixed arrival rate (--rates, req/s) "
            + "whatever the answers take, so latency shows the queueing a closed loop hides; "
            + "arrivals k6 cannot send on time (dropped iterations) count against the SLA.",
        DefaultValueFactory = _ => LoadModel.Closed,
        CustomParser = result => NamedValues.Find<LoadModel>(result.Tokens[0].Value)
            ?? Error<LoadModel>(result,
                $"--model takes {string.Join(" or ", LoadModel.All.Select(m => m.Name))}; got '{result.Tokens[0].Value}'."),
    };

    public Option<Scoped<int[]>[]> Steps { get; } = new("--steps")
    {
        Description = "Concurrency steps, for all experiments (1,10,50) or one (sleep=1,10,50). "
            + "Repeatable [default: each experiment's declared steps].",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int[]>.ParseAll(result,
            $"a comma-separated list of concurrencies from 1 to {MaxConcurrency}, e.g. 1,10,50", ParseSteps),
    };

    public Option<Scoped<int[]>[]> Rates { get; } = new("--rates")
    {
        Description = "With --model open: arrival rates (req/s), for all experiments (10,50,100) or one (sleep=10,50). "
            + "Repeatable; every experiment needs rates.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => Scoped<int[]>.ParseAll(result,
            $"a comma-separated list of arrival rates from 1 to {MaxConcurrency} req/s, e.g. 10,50,100", ParseSteps),
    };

    public IEnumerable<(string Option, string? Experiment)> Scopes(CommandResult result) =>
        (Valid(result, Steps) ?? []).Select(s => ("--steps", s.Experiment))
            .Concat((Valid(result, Rates) ?? []).Select(s => ("--rates", s.Experiment)));

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(Model);
        command.Options.Add(Steps);
        command.Options.Add(Rates);
        command.Validators.Add(result => LoadModelRules.Check(result, this, all.Experiments.Chosen(result)));
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        var model = parse.GetValue(Model)!;
        return request with { Model = model, StepOverrides = model.IsOpen ? parse.GetValue(Rates) ?? [] : parse.GetValue(Steps) ?? [] };
    }

    internal static (int[]? Value, string? Error) ParseSteps(string raw)
    {
        var parts = raw.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var steps = parts.Select(
            p => int.TryParse(p, NumberStyles.None, CultureInfo.InvariantCulture, out var n)
            && n is >= 1 and <= MaxConcurrency ? n : -1).ToArray();
        return parts.Length == 0 || steps.Contains(-1)
            ? (null, "each step must be a whole number")
            : ([.. steps.Distinct().Order()], null);
    }
}
