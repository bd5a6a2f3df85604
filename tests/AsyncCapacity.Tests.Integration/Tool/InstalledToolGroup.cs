namespace AsyncCapacity.Tests.Tool;

/// <summary>One pack and install for every test of the installed tool: packing builds the app and the CLI in Release.</summary>
[CollectionDefinition(Name)]
public sealed class InstalledToolGroup : ICollectionFixture<PackedTool>
{
    public const string Name = "The capacity tool, packed and installed";
}
