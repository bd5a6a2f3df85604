using System.CommandLine;

namespace AsyncCapacity.Cli.Options;

/// <summary>A few of the sweep's options: it adds them to the command with the rules that span them, and sets its part of the request; a
/// rule or a default that depends on another group's option reads it through <see cref="SweepOptionGroups"/>.</summary>
internal interface IOptionGroup
{
    void AddTo(Command command, SweepOptionGroups all);

    SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all);
}
