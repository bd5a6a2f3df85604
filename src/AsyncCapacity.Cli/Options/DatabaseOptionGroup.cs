using System.CommandLine;
using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

internal sealed class DatabaseOptionGroup : IOptionGroup
{
    public Option<string?> Provider { get; } = ProviderOption();

    public Option<string?> ConnectionString { get; } = new("--db-connection-string")
    {
        Description = "Connection string for the experiments that need a database [default: "
            + "the sweep starts a private PostgreSQL on loopback, and removes it at the end].",
    };

    public Option<int?> PoolSize { get; } = new("--db-pool-size")
    {
        Description = $"Connection pool size of the app the sweep starts [default: {DatabaseSettings.DefaultPoolSize}].",
        Validators = { result => RequireRange(result, "--db-pool-size", 1, 1000) },
    };

    public bool Given(CommandResult result) =>
        Valid(result, Provider) is not null || Valid(result, ConnectionString) is not null || Valid(result, PoolSize) is not null;

    public void AddTo(Command command, SweepOptionGroups all)
    {
        command.Options.Add(Provider);
        command.Options.Add(ConnectionString);
        command.Options.Add(PoolSize);
        command.Validators.Add(result =>
        {
            if (all.App.External(result) && Given(result))
            {
                result.AddError("The --db-* options configure the app the sweep starts; "
                    + "with --target, configure your app's Database__* settings instead.");
            }

            if (Valid(result, Provider) is { } provider && provider != "PostgreSQL" && Valid(result, ConnectionString) is null)
            {
                result.AddError($"--db-provider {provider} needs --db-connection-string: the sweep can start only a private PostgreSQL.");
            }
        });
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all) => request with
    {
        Database = new DatabaseSettings(parse.GetValue(Provider) ?? "PostgreSQL", parse.GetValue(ConnectionString),
            parse.GetValue(PoolSize) ?? DatabaseSettings.DefaultPoolSize),
    };

    private static Option<string?> ProviderOption()
    {
        var option = new Option<string?>("--db-provider")
        {
            Description = "Database for the experiments that need one: PostgreSQL or SqlServer [default: PostgreSQL]."
        };
        option.AcceptOnlyFromAmong([.. DatabaseSettings.Providers]);
        return option;
    }
}
