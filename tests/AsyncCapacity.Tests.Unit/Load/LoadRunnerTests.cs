using AsyncCapacity.Cli.Options;
using System.Text.Json.Nodes;
using AsyncCapacity.Cli.Load;

namespace AsyncCapacity.Tests.Load;

/// <summary>Where split runners run and what they are given (Cli/Load): execution segments, CPU sets, hosts, the k6-operator TestRun,
/// and the lines a runner prints.</summary>
public sealed class LoadRunnerTests
{
    /// <summary>TestRun's fields as grafana/k6-operator's docs/crd-generated.md lists them (commit d0a08ef7bdb2, k6.io/v1alpha1): the
    /// spec's own, and those of the objects the manifest sets inside it.</summary>
    private static readonly Dictionary<string, string[]> CrdFields = new()
    {
        ["spec"] = ["parallelism", "script", "arguments", "cleanup", "initializer", "paused", "ports", "quiet", "runner", "scuttle",
            "separate", "starter", "testRunId", "token"],
        ["spec.script"] = ["configMap", "localFile", "volumeClaim"],
        ["spec.script.configMap"] = ["name", "file"],
        ["spec.runner"] = ["affinity", "automountServiceAccountToken", "containerSecurityContext", "env", "envFrom", "image",
            "imagePullPolicy", "imagePullSecrets", "initContainers", "livenessProbe", "metadata", "nodeSelector", "priorityClassName",
            "readinessProbe", "resources", "securityContext", "serviceAccountName", "tolerations", "topologySpreadConstraints",
            "volumeMounts", "volumes"],
    };

    [Theory]
    [InlineData(0, 2, "0,1/2,1", "0:1/2")]
    [InlineData(1, 2, "0,1/2,1", "1/2:1")]
    [InlineData(1, 3, "0,1/3,2/3,1", "1/3:2/3")]
    public void Runner_i_of_N_gets_segment_i_of_one_sequence(int runner, int count, string sequence, string segment) =>
        Assert.Equal((sequence, segment), SplitK6Generator.Segments(runner, count));

    [Fact]
    public void Local_runners_split_k6s_CPUs_and_share_them_only_when_they_outnumber_them()
    {
        Assert.Equal(["2,3", "4,5"], LocalRunners.On([2, 3, 4, 5], 2, pin: true).Cast<LocalRunner>().Select(r => r.Cpus));
        var shared = LocalRunners.On([1], 2, pin: true).Cast<LocalRunner>().ToList();
        Assert.All(shared, r => Assert.Equal(("1", 2), (r.Cpus, r.SharedWith)));
        Assert.Equal("local 1 (CPU 1)", shared[0].Name);
        Assert.All(LocalRunners.On([0, 1], 2, pin: false).Cast<LocalRunner>(), r => Assert.Null(r.Cpus));
    }

    [Theory]
    [InlineData("k6@load1", "k6@load1", null)]
    [InlineData("load2:2222", "load2", 2222)]
    [InlineData(" k6@10.0.0.7:22 ", "k6@10.0.0.7", 22)]
    public void A_host_is_user_at_host_and_an_optional_port(string item, string destination, int? port)
    {
        var runner = SshRunner.Parse(item, "k6", null);
        Assert.NotNull(runner);
        Assert.Equal((destination, port), (runner.Destination, runner.Port));
    }

    [Theory]
    [InlineData("load1:99999")]
    [InlineData("-oProxyCommand=x")]
    [InlineData("k6@")]
    [InlineData("a b")]
    public void Anything_else_is_refused(string item) => Assert.Null(SshRunner.Parse(item, "k6", null));

    [Fact]
    public void The_TestRun_uses_only_the_CRDs_fields_and_its_ConfigMap_holds_the_archive_whole()
    {
        // Arrange
        var archive = Enumerable.Range(0, 5000).Select(i => (byte)(i * 7)).ToArray();

        // Act
        var manifest = TestRunManifest.Of("capacity-sleep-async-c2000", 4, archive, "grafana/k6:2.2.0");

        // Assert: a List kubectl applies, of a ConfigMap and a TestRun of the same name
        Assert.Equal("List", (string?)manifest["kind"]);
        var items = manifest["items"]!.AsArray();
        var (configMap, testRun) = (items[0]!.AsObject(), items[1]!.AsObject());
        Assert.Equal(("ConfigMap", "k6.io/v1alpha1", "TestRun"),
            ((string?)configMap["kind"], (string?)testRun["apiVersion"], (string?)testRun["kind"]));
        Assert.Equal(archive, Convert.FromBase64String((string)configMap["binaryData"]![TestRunManifest.ArchiveKey]!));

        // Assert: every field the CRD's; its required ones there
        var spec = testRun["spec"]!.AsObject();
        AssertFields(spec, "spec");
        Assert.Equal(4, (int)spec["parallelism"]!);
        Assert.Equal((string?)configMap["metadata"]!["name"], (string?)spec["script"]!["configMap"]!["name"]);
        Assert.Equal(TestRunManifest.ArchiveKey, (string?)spec["script"]!["configMap"]!["file"]);
        Assert.DoesNotContain("cleanup", spec.Select(p => p.Key));
    }

    [Theory]
    [InlineData("sleep", "async", 2000, "capacity-sleep-async-c2000")]
    [InlineData("My_Pair", "Sync.V2", 10, "capacity-my-pair-sync-v2-c10")]
    public void Its_name_is_one_Kubernetes_takes(string experiment, string variant, int load, string name) =>
        Assert.Equal(name, TestRunManifest.NameOf(experiment, variant, load));

    [Fact]
    public async Task A_runners_lines_give_its_results_its_start_and_its_CPU_of_its_own_CPUs()
    {
        // Arrange: a remote runner's lines: 2 CPUs; k6 used 150 of 200 machine ticks (one and a half CPUs) between the readings
        var lines = new RunnerLines();

        // Act
        lines.Read("time=\"2026-11-29T16:27:45Z\" level=info msg=\"asynccapacity: scenarios start at 1795969704423\" source=console");
        lines.Read($"{RunnerLines.CpuMarker}100 1000 2");
        lines.Read($"{RunnerLines.CpuMarker}250 1200 2");
        lines.Read($"[pod/x-1/k6] {RunnerLines.ResultsMarker}{{\"format\":\"asynccapacity-k6/1\"}}");

        // Assert
        Assert.Equal(1795969704423, await lines.Started);
        Assert.Equal("{\"format\":\"asynccapacity-k6/1\"}", lines.Results);
        var cpu = lines.Cpu(0);
        Assert.NotNull(cpu);
        Assert.Equal((75.0, 2), (cpu.Percent, cpu.Cpus));
    }

    private static void AssertFields(JsonObject node, string path)
    {
        Assert.True(CrdFields.TryGetValue(path, out var allowed), $"the manifest sets {path}, whose fields the test does not know");
        foreach (var (name, value) in node)
        {
            Assert.Contains(name, allowed);
            if (value is JsonObject inner && CrdFields.ContainsKey($"{path}.{name}"))
            {
                AssertFields(inner, $"{path}.{name}");
            }
        }
    }
}
