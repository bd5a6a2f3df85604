namespace AsyncCapacity.Web.Settings;

internal static class SettingLine
{
    public static string Of(string key, string rule, string shownValue) =>
        $"{key} (environment {key.Replace(":", "__", StringComparison.Ordinal)}) {rule.TrimEnd('.')}; got {shownValue}.";
}
