using System.CommandLine;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class LiveOptionGroup : IOptionGroup
{
    public Option<LiveChoice?> Live { get; } = new("--live")
    {
        Description = "Watch the sweep live: start the Aspire dashboard (from its NuGet package) on loopback, print its URL and send it "
            + "every probe's metrics (the app's runtime, ASP.NET Core, Kestrel and lab meters; k6's), each probe tagged with its "
            + "experiment, variant, load and number. --live keep leaves it up after the sweep; --live URL sends to an OTLP endpoint "
            + "you run instead (gRPC; http/protobuf when OTEL_EXPORTER_OTLP_PROTOCOL says so).",
        HelpName = "keep|URL",
        Arity = ArgumentArity.ZeroOrOne,
        CustomParser = result => result.Tokens.Count == 0
            ? LiveChoice.Parse(null)
            : LiveChoice.Parse(result.Tokens[0].Value)
                ?? Error<LiveChoice?>(result, $"{LiveChoice.Usage}; got '{result.Tokens[0].Value}'."),
    };

    public void AddTo(Command command, SweepOptionGroups all) => command.Options.Add(Live);

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) =>
        request with { Live = parse.GetResult(Live) is null ? null : parse.GetValue(Live) };
}
