using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity sweep --app/--app-project/--app-ready/--target-pid` as typed: what reaches the request, what is refused.</summary>
public sealed class UserAppOptionsTests
{
    private static readonly string ForeignProject = Path.Combine(Repository.Root, "tests", "ForeignApp", "ForeignApp.csproj");

    private static ParseResult Parse(params string[] arguments) =>
        new RootCommand { SweepCommand.Build().Command }.Parse(["sweep", .. arguments]);

    private static SweepRequest Request(params string[] arguments)
    {
        var (command, request) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", .. arguments]);
        Assert.Empty(parse.Errors);
        return request(parse);
    }

    [Fact]
    public void An_app_command_reaches_the_request_ready_at_the_root_by_default()
    {
        // Act
        var request = Request("--app", "dotnet MyApp.dll --urls {url}", "-e", "sleep");

        // Assert
        Assert.Equal(new UserApp("dotnet MyApp.dll --urls {url}", null, "/"), request.App);
        Assert.Equal("/", request.ReadyPath);
        Assert.Null(request.Target);
        Assert.Contains($"your app `dotnet MyApp.dll --urls {{url}}`, started in {Environment.CurrentDirectory}, fresh per probe",
            SweepPlan.Describe(request), StringComparison.Ordinal);
    }

    [Fact]
    public void A_project_its_readiness_path_and_a_setting_of_its_own_reach_the_request()
    {
        // Act: Database__* belongs to the lab's own app, but a user's app may name its settings so
        var request = Request("--app-project", ForeignProject, "--app-ready", "/healthz", "--app-setting", "Database__Name=orders",
            "--min-threads", "64", "-e", "sleep");

        // Assert
        Assert.Equal(new UserApp(null, ForeignProject, "/healthz"), request.App);
        Assert.Equal("/healthz", request.ReadyPath);
        Assert.Equal("orders", request.AppSettings["Database__Name"]);
        Assert.Contains("(--min-threads, by a startup hook)", SweepPlan.Describe(request), StringComparison.Ordinal);
    }

    [Fact]
    public void A_target_with_its_process_id_gets_thread_stacks_and_the_tail_they_need()
    {
        // Act: this test's own process is surely running
        var request = Request("--target", "http://127.0.0.1:5080", "--target-pid", $"{Environment.ProcessId}", "--app-ready", "/");

        // Assert
        Assert.Equal(Environment.ProcessId, request.TargetProcessId);
        Assert.Equal(SweepRequest.StackTailSeconds, request.TailSeconds);
        Assert.Equal(0, Request("--target", "http://127.0.0.1:5080").TailSeconds);
    }

    public static TheoryData<string, string[]> Refusals => new()
    {
        { "Give --app or --app-project, not both", ["--app", "dotnet a.dll", "--app-project", ForeignProject] },
        { "--app starts your app for every probe; --target sweeps one that is already running. Give one of them.",
            ["--app", "dotnet a.dll", "--target", "http://127.0.0.1:1"] },
        { "--app-project starts your app for every probe", ["--app-project", ForeignProject, "--target", "http://127.0.0.1:1"] },
        { "--target-pid names the process of a running app: give its URL with --target.", ["--target-pid", $"{Environment.ProcessId}"] },
        { "no process with that id is running on this machine", ["--target", "http://127.0.0.1:1", "--target-pid", $"{int.MaxValue}"] },
        { "The --db-* options configure the lab's own app; with --app, give your app its database with --app-setting",
            ["--app", "dotnet a.dll", "--db-pool-size", "5"] },
        { "The --request-queue-* options configure the lab's own app", ["--app", "dotnet a.dll", "--request-queue-limit", "5"] },
        { "--baseline measures the lab's own app against a minimal one", ["--app", "dotnet a.dll", "--baseline"] },
        { "--app takes your app's command, such as \"dotnet MyApp.dll\"; got 'dotnet \"My App.dll': its \" quote is not closed.",
            ["--app", "dotnet \"My App.dll"] },
        { "--app-project takes your app's project file, such as src/MyApp/MyApp.csproj;", ["--app-project", "no/such/App.csproj"] },
        { "--app-ready takes a path that starts with /, such as /healthz; got 'healthz'.",
            ["--app", "dotnet a.dll", "--app-ready", "healthz"] },
        { "--app-setting Database__MaxPoolSize: the sweep sets this one itself; use the --db-* options.",
            ["--app-setting", "Database__MaxPoolSize=5"] },
    };

    [Theory]
    [MemberData(nameof(Refusals))]
    public void Combinations_that_make_no_sense_are_refused_in_one_line_that_says_what_to_give(string expected, string[] arguments)
    {
        // Act
        var parse = Parse(arguments);

        // Assert
        Assert.Contains(parse.Errors, error => error.Message.Contains(expected, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("dotnet MyApp.dll", new[] { "dotnet", "MyApp.dll" })]
    [InlineData("  ./My\\ App --urls {url}  ", new[] { "./My App", "--urls", "{url}" })]
    [InlineData("dotnet \"/opt/my app/App.dll\" --name 'a \"b\"'", new[] { "dotnet", "/opt/my app/App.dll", "--name", "a \"b\"" })]
    [InlineData("sh -c \"echo \\\"hi\\\"; exit 3\"", new[] { "sh", "-c", "echo \"hi\"; exit 3" })]
    [InlineData("app ''", new[] { "app", "" })]
    public void A_command_is_split_into_words_as_a_shell_would_without_a_shell(string command, string[] words)
    {
        Assert.Equal(words, CommandLineWords.Split(command));
    }
}
