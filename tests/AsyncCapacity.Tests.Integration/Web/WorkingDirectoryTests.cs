using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

/// <summary>
/// The instrument costs the same wherever the app is started from: its content root is its own folder, and its quiet
/// log levels are defaults in code that configuration can still override.
/// </summary>
public sealed class WorkingDirectoryTests : IDisposable
{
    private const int Requests = 300;

    // Another folder, holding an appsettings.json that would turn request logging on if the app read it from there.
    private readonly string _elsewhere = Directory.CreateTempSubdirectory("asynccapacity-cwd-").FullName;

    public WorkingDirectoryTests() => File.WriteAllText(
        Path.Combine(_elsewhere, "appsettings.json"),
        """{ "Logging": { "LogLevel": { "Default": "Information", "Microsoft.AspNetCore": "Information" } } }""");

    [Fact]
    public async Task Started_from_another_folder_the_app_prints_its_start_up_line_and_nothing_per_request()
    {
        // Arrange
        await using var app = AppProcess.Start(_elsewhere, new Dictionary<string, string>(), "--urls", "http://127.0.0.1:0");

        // Act
        await SendHelloRequestsAsync(await app.ListeningAsync());
        var exitCode = await app.StopAsync();

        // Assert: the start-up line is the last one (what comes before it is start-up news, such as "no database")
        Assert.Equal(0, exitCode);
        Assert.Contains("AsyncCapacity.Web listening on http://127.0.0.1:", app.Output[^1], StringComparison.Ordinal);
        Assert.DoesNotContain(app.Output, line => line.Contains("/hello", StringComparison.Ordinal));
        Assert.Empty(app.Errors);
    }

    [Theory]
    [InlineData("environment")]
    [InlineData("command line")]
    public async Task Configuration_still_overrides_the_quiet_defaults_and_turns_request_logging_on(string source)
    {
        // Arrange: the category the defaults keep at Warning, set to Information by the source under test
        var environment = new Dictionary<string, string>();
        string[] arguments = ["--urls", "http://127.0.0.1:0"];
        if (source == "environment")
        {
            environment["Logging__LogLevel__Microsoft.AspNetCore"] = "Information";
        }
        else
        {
            arguments = [.. arguments, "--Logging:LogLevel:Microsoft.AspNetCore=Information"];
        }

        await using var app = AppProcess.Start(_elsewhere, environment, arguments);

        // Act
        await SendHelloRequestsAsync(await app.ListeningAsync());
        await app.StopAsync();

        // Assert
        Assert.Equal(Requests, app.Output.Count(line => line.Contains("Request finished HTTP/1.1 GET", StringComparison.Ordinal)
            && line.Contains("/hello", StringComparison.Ordinal)));
    }

    public void Dispose() => Directory.Delete(_elsewhere, recursive: true);

    private static async Task SendHelloRequestsAsync(Uri app)
    {
        using var client = new HttpClient { BaseAddress = app };
        for (var i = 0; i < Requests; i++)
        {
            using var response = await client.GetAsync(new Uri("/hello", UriKind.Relative));
            response.EnsureSuccessStatusCode();
        }
    }
}
