using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// A real OpenSSH server on a loopback port of its own (openssh-server, which .ci/run installs), for this machine's root: its host
/// key, a client key it accepts, and an ssh_config that reaches it (port, key, no known-hosts prompt), as --ssh-config takes it.
/// Started by the test and stopped with it; sshd's privilege separation needs root, as CI runs.
/// </summary>
internal sealed class SshServer : IAsyncDisposable
{
    private const string Sshd = "/usr/sbin/sshd";

    private readonly Process _process;
    private readonly string _folder;

    private SshServer(Process process, string folder, int port)
    {
        (_process, _folder, Port) = (process, folder, port);
    }

    public int Port { get; }

    /// <summary>An ssh_config (ssh -F) for this server.</summary>
    public string Config => Path.Combine(_folder, "ssh_config");

    /// <summary>An ssh_config for the same host at a port nothing listens on: a host that refuses.</summary>
    public string RefusingConfig => Path.Combine(_folder, "ssh_config_refused");

    public static async Task<SshServer> StartAsync()
    {
        Assert.True(File.Exists(Sshd), $"{Sshd} is missing: install openssh-server (apt-get install openssh-server), as .ci/run does.");
        Assert.True(Environment.UserName == "root", "sshd on loopback runs as root here (privilege separation), as CI does.");
        var folder = Directory.CreateTempSubdirectory("capacity-sshd-").FullName;
        foreach (var key in new[] { "host_key", "client_key" })
        {
            var (exitCode, _, errors) = await ShellProcess.RunAsync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", Path.Combine(folder, key)],
                new Dictionary<string, string?>());
            Assert.True(exitCode == 0, $"ssh-keygen failed: {errors}");
        }

        File.Copy(Path.Combine(folder, "client_key.pub"), Path.Combine(folder, "authorized_keys"));
        var port = ClosedPort.Find();
        await File.WriteAllTextAsync(Path.Combine(folder, "sshd_config"), $"""
            Port {port}
            ListenAddress 127.0.0.1
            HostKey {folder}/host_key
            AuthorizedKeysFile {folder}/authorized_keys
            PidFile {folder}/sshd.pid
            StrictModes no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            PermitRootLogin prohibit-password
            AllowTcpForwarding yes
            """);
        await File.WriteAllTextAsync(Path.Combine(folder, "ssh_config"), ClientConfig(folder, port));
        await File.WriteAllTextAsync(Path.Combine(folder, "ssh_config_refused"), ClientConfig(folder, ClosedPort.Find()));
        Directory.CreateDirectory("/run/sshd");

        var process = Process.Start(new ProcessStartInfo(Sshd)
        {
            ArgumentList = { "-D", "-f", Path.Combine(folder, "sshd_config"), "-E", Path.Combine(folder, "sshd.log") },
            UseShellExecute = false,
        })!;
        var server = new SshServer(process, folder, port);
        var deadline = DateTime.UtcNow.AddSeconds(15);
        while (!await AcceptsAsync(port))
        {
            if (process.HasExited || DateTime.UtcNow > deadline)
            {
                var log = File.Exists(Path.Combine(folder, "sshd.log")) ? await File.ReadAllTextAsync(Path.Combine(folder, "sshd.log")) : "";
                await server.DisposeAsync();
                Assert.Fail($"sshd did not listen on 127.0.0.1:{port}: {log}");
            }

            await Task.Delay(100);
        }

        return server;
    }

    /// <summary>The temporary folders the runner script makes on the host (and must remove): an SSH session has no TMPDIR.</summary>
    public static IReadOnlyList<string> RunnerFolders() =>
        [.. Directory.GetDirectories("/tmp", "asynccapacity-runner.*")];

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }

        _process.Dispose();
        Directory.Delete(_folder, recursive: true);
    }

    private static string ClientConfig(string folder, int port) => string.Create(CultureInfo.InvariantCulture, $"""
        Host *
          Port {port}
          User root
          IdentityFile {folder}/client_key
          IdentitiesOnly yes
          UserKnownHostsFile /dev/null
          StrictHostKeyChecking no
          LogLevel ERROR
        """);

    private static async Task<bool> AcceptsAsync(int port)
    {
        try
        {
            using var client = new TcpClient();
            await client.ConnectAsync("127.0.0.1", port);
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }
}
