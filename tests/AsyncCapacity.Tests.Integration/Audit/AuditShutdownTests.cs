using System.Diagnostics;
using System.Net;
using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Audit;

/// <summary>The app as a real process, stopped with SIGTERM in the middle of a burst of audit entries.</summary>
[Collection(PostgresGroup.Name)]
public sealed partial class AuditShutdownTests(PostgresFixture postgres, ITestOutputHelper log)
{
    [Theory]
    [InlineData("bounded")]
    [InlineData("async")]
    public async Task SIGTERM_during_a_burst_loses_nothing_the_app_answered_2xx_and_invents_nothing(string variant)
    {
        // Arrange: slow writes, so that plenty is queued when the signal comes
        using var app = StartApp(new Dictionary<string, string>
        {
            ["Database__Provider"] = "PostgreSQL",
            ["Database__ConnectionString"] = postgres.ConnectionString,
            ["Audit__WriteDelayMs"] = "100",
            ["Audit__BoundedQueueCapacity"] = "60",
            ["Audit__AsyncQueueCapacity"] = "60",
            ["Audit__BatchSize"] = "5",
            ["Audit__AsyncWriters"] = "1",
        });
        var url = await ListeningUrlAsync(app);
        using var http = new HttpClient { BaseAddress = url, Timeout = TimeSpan.FromSeconds(60) };
        var audit = new AuditClient(http, postgres.ConnectionString);
        var burst = Enumerable.Range(0, 120).Select(i => audit.PostAsync(variant, i)).ToList();

        // The burst is under way once its first entries are committed. Read from the database, not /audit/stats: the
        // bounded burst starves the app's thread pool, which would answer the stats only after the burst.
        var committed = await WaitFor.ConditionAsync("the first of the burst's entries to be committed",
            () => audit.PersistedActorsAsync(variant), rows => rows.Count > 0, rows => $"{rows.Count} rows");
        log.WriteLine($"{committed.Count} rows committed when the signal is sent");

        // Act
        using (var kill = Process.Start("kill", ["-TERM", app.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }

        var answers = await Task.WhenAll(burst);
        using var exited = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        await app.WaitForExitAsync(exited.Token);

        // Assert: a clean exit, and the rows are exactly the entries answered 2xx
        var ok = answers.Where(a => a.Status == HttpStatusCode.OK).Select(a => a.Actor).ToHashSet();
        log.WriteLine($"{ok.Count} answered 200, {answers.Count(a => a.Status == HttpStatusCode.ServiceUnavailable)} 503, "
            + $"{answers.Count(a => a.Status == 0)} without an answer");
        Assert.Equal(0, app.ExitCode);
        Assert.NotEmpty(ok);
        if (variant == "async")
        {
            // The app stopped taking entries at the signal: the rest of the burst was refused, not queued.
            Assert.True(ok.Count < 120, $"the signal should have come before the burst was written; {ok.Count} of 120 were");
        }

        // (The bounded variant's burst blocks pool threads, and the host's shutdown work waits in the same starved
        // queue, so it may begin only after the whole burst was accepted: measured here, all 120 answered 200.)
        Assert.Equal(ok.Order(), (await audit.PersistedActorsAsync(variant)).Order());
        foreach (var answer in answers)
        {
            answer.Response?.Dispose();
        }
    }

    private static Process StartApp(IReadOnlyDictionary<string, string> environment)
    {
        var startInfo = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = AppContext.BaseDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        startInfo.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "AsyncCapacity.Web.dll"));
        startInfo.ArgumentList.Add("--urls");
        startInfo.ArgumentList.Add("http://127.0.0.1:0");
        foreach (var (key, value) in environment)
        {
            startInfo.Environment[key] = value;
        }

        return Process.Start(startInfo)!;
    }

    private async Task<Uri> ListeningUrlAsync(Process app)
    {
        app.ErrorDataReceived += (_, e) => { if (e.Data is not null) { log.WriteLine($"app stderr: {e.Data}"); } };
        app.BeginErrorReadLine();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        while (await app.StandardOutput.ReadLineAsync(timeout.Token) is { } line)
        {
            log.WriteLine($"app: {line}");
            if (ListeningLine().Match(line) is { Success: true } match)
            {
                _ = DrainAsync(app);
                return new Uri(match.Groups["url"].Value);
            }
        }

        throw new InvalidOperationException("The app exited before it said where it listens.");
    }

    private async Task DrainAsync(Process app)
    {
        while (await app.StandardOutput.ReadLineAsync() is { } line)
        {
            try
            {
                log.WriteLine($"app: {line}");
            }
            catch (InvalidOperationException)
            {
                // The test has finished; xunit no longer takes output.
            }
        }
    }

    [GeneratedRegex(@"listening on (?<url>http://[^\s]+)")]
    private static partial Regex ListeningLine();
}
