namespace AsyncCapacity.Web.Settings;

/// <summary>The one sentence of a bad setting: its key, its environment variable, the rule it broke, the value it got.</summary>
internal static class SettingLine
{
    /// <param name="rule">"must be between 1 and 64".</param>
    /// <param name="shownValue">As it reads in the sentence: 0, 'abc', nothing.</param>
    public static string Of(string key, string rule, string shownValue) =>
        $"{key} (environment {key.Replace(":", "__", StringComparison.Ordinal)}) {rule.TrimEnd('.')}; got {shownValue}.";
}
