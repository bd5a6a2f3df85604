using System.CommandLine.Parsing;
using static AsyncCapacity.Cli.Options.OptionValues;

namespace AsyncCapacity.Cli.Options;

/// <summary>The rules that span the app's options: one app at a time, and no setting the sweep gives the app itself.</summary>
internal static class AppRules
{
    public static void Check(CommandResult result, AppOptionGroup app, SweepOptionGroups all)
    {
        var (external, userApp) = (app.External(result), app.StartsUserApp(result));
        if (Conflict(result, app, all, external, userApp) is { } conflict)
        {
            result.AddError(conflict);
        }

        foreach (var setting in userApp ? [] : Valid(result, app.AppSettings) ?? [])
        {
            if (AppSetting.Owner(setting.Key) is { } instead)
            {
                result.AddError($"--app-setting {setting.Key}: the sweep sets this one itself; use {instead}.");
            }
        }

        if (external && (Valid(result, app.AppSettings) ?? []).Length > 0)
        {
            result.AddError("--app-setting configures the app the sweep starts; "
                + "with --target, set those environment variables on your app instead.");
        }
    }

    // --app and --app-project start a user's app: the options that configure the lab's own app, or name a running one, do not apply.
    private static string? Conflict(CommandResult result, AppOptionGroup app, SweepOptionGroups all, bool external, bool userApp)
    {
        var given = Valid(result, app.App) is not null ? "--app" : "--app-project";
        return (Valid(result, app.App) is not null && Valid(result, app.AppProject) is not null)
                ? "Give --app or --app-project, not both: the command that starts your app, or the project the sweep builds and starts."
            : userApp && external
                ? $"{given} starts your app for every probe; --target sweeps one that is already running. Give one of them."
            : Valid(result, app.TargetPid) is not null && !external
                ? "--target-pid names the process of a running app: give its URL with --target."
            : Valid(result, app.AppDir) is not null && !userApp
                ? "--app-dir is the folder your app starts in: give it with --app or --app-project."
            : !userApp ? null
            : all.Database.Given(result) ? $"The --db-* options configure the lab's own app; with {given}, give your app its database with "
                + "--app-setting ConnectionStrings__Name=..."
            : all.Threads.QueueGiven(result) ? $"The --request-queue-* options configure the lab's own app; with {given}, set your app's "
                + "limits with --app-setting."
            : Valid(result, all.Output.Baseline)
                ? $"--baseline measures the lab's own app against a minimal one; with {given}, measure your app with bench/overhead.sh."
            : null;
    }
}
