namespace AsyncCapacity.Cli.Targets;

/// <summary>A throwaway cluster for one sweep or test run, run as an unprivileged user as PostgreSQL refuses root.</summary>
internal sealed class PrivatePostgres : IAsyncDisposable
{
    private const string Superuser = "capacity";
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);
    private readonly ChildProcess _server;
    private readonly string _directory;

    private PrivatePostgres(ChildProcess server, string directory, int port)
    {
        _server = server;
        _directory = directory;
        ConnectionString = $"Host=127.0.0.1;Port={port};Username={Superuser};Database=postgres";
    }

    public string ConnectionString { get; }

    /// <summary>Why a private cluster cannot start here and how to fix it, or null when it can.</summary>
    public static string? Unavailable()
    {
        if (FindBinaries() is null)
        {
            return "PostgreSQL's server programs (initdb, postgres) were found neither on PATH nor in /usr/lib/postgresql/*/bin. "
                + "Install them (Debian/Ubuntu: apt-get install postgresql) or give --db-connection-string.";
        }

        return Environment.IsPrivilegedProcess && !File.Exists("/usr/sbin/runuser") && !File.Exists("/sbin/runuser")
            ? "PostgreSQL refuses to run as root, and runuser (util-linux) is missing to drop to the postgres user. "
                + "Run as an ordinary user."
            : null;
    }

    /// <param name="maxConnections">Above the app's pool size: PostgreSQL reserves 3 of its connections for superusers.</param>
    /// <param name="cpus">Where the server may run: with CPU isolation, beside the app it serves, away from k6.</param>
    public static async Task<PrivatePostgres> StartAsync(
        string logDirectory, int maxConnections, CancellationToken cancellationToken, string? cpus = null)
    {
        var binaries = FindBinaries() ?? throw new HarnessException(Unavailable()!);
        var directory = Directory.CreateTempSubdirectory("capacity-pg-").FullName;
        var data = Path.Combine(directory, "data");
        try
        {
            await GiveToServiceUserAsync(directory, logDirectory, cancellationToken);
            await RunAsync(binaries, "initdb",
                ["-D", data, "-U", Superuser, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-instructions"],
                Path.Combine(logDirectory, "postgres-initdb.log"), cancellationToken);

            var port = LoopbackPort.Free();
            var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            var (file, arguments) = AsServiceUser(Path.Combine(binaries, "postgres"),
                ["-D", data, "-p", port.ToString(System.Globalization.CultureInfo.InvariantCulture),
                 "-c", "listen_addresses=127.0.0.1", "-c", $"unix_socket_directories={directory}",
                 "-c", $"max_connections={maxConnections}"]);
            var server = ChildProcess.Start(file, arguments, directory, new Dictionary<string, string>(),
                Path.Combine(logDirectory, "postgres.log"), cpus: cpus, onLine:
                line =>
                {
                    if (line.Contains("database system is ready to accept connections", StringComparison.Ordinal))
                    {
                        ready.TrySetResult();
                    }
                });

            var postgres = new PrivatePostgres(server, directory, port);
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(StartTimeout);
            var exited = server.WaitForExitAsync(timeout.Token);
            if (await Task.WhenAny(ready.Task, exited, Task.Delay(Timeout.Infinite, timeout.Token)) != ready.Task)
            {
                var tail = server.Tail();
                await postgres.DisposeAsync();
                cancellationToken.ThrowIfCancellationRequested();
                throw new HarnessException($"PostgreSQL did not start; see {server.LogPath}:{Environment.NewLine}{tail}");
            }

            return postgres;
        }
        catch
        {
            TryDelete(directory);
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _server.DisposeAsync();
        TryDelete(_directory);
    }

    /// <summary>PATH first, then Debian's versioned folders, newest version first.</summary>
    private static string? FindBinaries()
    {
        var candidates = (Environment.GetEnvironmentVariable("PATH") ?? "")
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Concat(Directory.Exists("/usr/lib/postgresql")
                ? Directory.GetDirectories("/usr/lib/postgresql")
                    .OrderByDescending(d => int.TryParse(Path.GetFileName(d), out var version) ? version : 0)
                    .Select(d => Path.Combine(d, "bin"))
                : []);
        return candidates.FirstOrDefault(d => File.Exists(Path.Combine(d, "initdb")) && File.Exists(Path.Combine(d, "postgres")));
    }

    private static async Task GiveToServiceUserAsync(string directory, string logDirectory, CancellationToken cancellationToken)
    {
        if (Environment.IsPrivilegedProcess)
        {
            await RunAsync(
                null, "chown", ["-R", "postgres:postgres", directory], Path.Combine(logDirectory, "postgres-chown.log"), cancellationToken);
        }
    }

    /// <summary>As root, run through runuser as the postgres user that Debian's package creates.</summary>
    private static (string File, string[] Arguments) AsServiceUser(string program, string[] arguments) =>
        Environment.IsPrivilegedProcess ? ("runuser", ["-u", "postgres", "--", program, .. arguments]) : (program, arguments);

    private static async Task RunAsync(
        string? binaries, string program, string[] arguments, string logPath, CancellationToken cancellationToken)
    {
        var (file, args) = binaries is null ? (program, arguments) : AsServiceUser(Path.Combine(binaries, program), arguments);
        await using var process = ChildProcess.Start(file, args, Path.GetTempPath(), new Dictionary<string, string>(), logPath);
        var exitCode = await process.WaitForExitAsync(cancellationToken);
        if (exitCode != 0)
        {
            throw new HarnessException($"{program} failed (exit {exitCode}); see {logPath}:{Environment.NewLine}{process.Tail()}");
        }
    }

    private static void TryDelete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (IOException)
        {
            // A file still held by a dying server: the temporary folder is the OS's to clean.
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
