using System.CommandLine;
using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

/// <summary>Which app the sweep loads: the lab's own, yours (--app, --app-project) or a running one (--target).</summary>
internal sealed class AppOptionGroup : IOptionGroup
{
    public Option<Uri?> Target { get; } = new("--target", "-t")
    {
        Description = "URL of an app that is already running. Without it, the sweep builds the app (Release), "
            + "starts a fresh process on a free loopback port for every step, and stops it afterwards.",
        CustomParser = result => Uri.TryCreate(result.Tokens[0].Value, UriKind.Absolute, out var uri) && uri.Scheme is "http" or "https"
            ? uri
            : Error<Uri?>(result, $"--target must be an http(s) URL such as http://127.0.0.1:5080; got '{result.Tokens[0].Value}'."),
    };

    public Option<int?> TargetPid { get; } = AppOptionChecks.TargetPid();

    public Option<string?> App { get; } = AppOptionChecks.App();

    public Option<FileInfo?> AppProject { get; } = AppOptionChecks.AppProject();

    public Option<string?> AppReady { get; } = AppOptionChecks.AppReady();

    public Option<DirectoryInfo?> AppDir { get; } = new("--app-dir")
    {
        Description = "The folder your app starts in: its working directory, and so its content root and relative paths. "
            + "Default: its own (the assembly's folder for --app \"dotnet path/App.dll\", the build output for --app-project).",
        HelpName = "DIR",
        Validators = { result => RequireFolder(result) },
    };

    public Option<AppSetting[]> AppSettings { get; } = new("--app-setting")
    {
        Description = "A setting of the app the sweep starts, as its environment variable: "
            + "Audit__BoundedWriters=25, Audit__WriteDelayMs=10 "
            + "(README lists the lab's; the app checks each at start), or any of your app's with --app (ConnectionStrings__Orders=...). "
            + "Repeatable; shown in the report's header and named by `capacity compare`.",
        AllowMultipleArgumentsPerToken = true,
        CustomParser = result => [.. result.Tokens.Select(t => AppSetting.Parse(t.Value, result)).OfType<AppSetting>()],
    };

    public bool External(CommandResult result) => Valid(result, Target) is not null;

    public bool StartsUserApp(CommandResult result) => Valid(result, App) is not null || Valid(result, AppProject) is not null;

    public void AddTo(Command command, SweepOptionGroups all)
    {
        foreach (var option in (Option[])[Target, TargetPid, App, AppProject, AppReady, AppDir, AppSettings])
        {
            command.Options.Add(option);
        }

        command.Validators.Add(result => AppRules.Check(result, this, all));
    }

    public SweepRequest Apply(ParseResult parse, SweepRequest request, SweepOptionGroups all)
    {
        var userApp = parse.GetValue(App) is null && parse.GetValue(AppProject) is null ? null
            : new UserApp(parse.GetValue(App), parse.GetValue(AppProject)?.FullName, parse.GetValue(AppReady) ?? UserApp.DefaultReadyPath,
                parse.GetValue(AppDir)?.FullName);
        return request with
        {
            Target = parse.GetValue(Target),
            TargetProcessId = parse.GetValue(TargetPid),
            App = userApp,
            ReadyPath = parse.GetValue(AppReady) ?? userApp?.ReadyPath,
            AppSettings = (parse.GetValue(AppSettings) ?? []).GroupBy(s => s.Key, StringComparer.OrdinalIgnoreCase)
                .ToDictionary(g => g.Key, g => g.Last().Value, StringComparer.OrdinalIgnoreCase),
        };
    }

    private static void RequireFolder(OptionResult result)
    {
        if (result.GetValueOrDefault<DirectoryInfo?>() is { Exists: false } folder)
        {
            result.AddError($"--app-dir {folder}: there is no such folder.");
        }
    }
}
