using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>The docker client, for what compose does not show (containers, networks and volumes by label).</summary>
internal static class Docker
{
    public static async Task<IReadOnlyList<string>> LinesAsync(string[] arguments)
    {
        var (exitCode, output, errors) = await ShellProcess.RunAsync("docker", arguments, new Dictionary<string, string?>());
        Assert.True(exitCode == 0, $"docker {string.Join(' ', arguments)} exited {exitCode}: {errors}");
        return output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}
