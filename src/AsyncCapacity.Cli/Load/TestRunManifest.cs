using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Cli.Load;

/// <summary>
/// One probe's load as a k6-operator TestRun (grafana/k6-operator, CRD k6.io/v1alpha1; fields as its docs/crd-generated.md lists them):
/// the probe's test as one `k6 archive` in a ConfigMap (binaryData, so the tar stays whole), and the TestRun that runs it on
/// <c>parallelism</c> runners, to which the operator gives execution segments and which it starts together (paused, then resumed by its
/// starter). The runners print their results on one line each (RESULTS_FILE=-, SLA_SPLIT=1), so `kubectl logs` holds what
/// `capacity runners merge` needs. Written as a JSON List, which kubectl applies as YAML. No cleanup: the runners' logs go with their pods.
/// </summary>
internal static partial class TestRunManifest
{
    public const string ArchiveKey = "test.tar";

    /// <summary>A ConfigMap holds at most 1 MiB (Kubernetes' limit on an object's data).</summary>
    public const int MaxConfigMapBytes = 1_048_576;

    public static JsonObject Of(string name, int parallelism, byte[] archive, string image) => new()
    {
        ["apiVersion"] = "v1",
        ["kind"] = "List",
        ["items"] = new JsonArray(
            new JsonObject
            {
                ["apiVersion"] = "v1",
                ["kind"] = "ConfigMap",
                ["metadata"] = new JsonObject { ["name"] = name },
                ["binaryData"] = new JsonObject { [ArchiveKey] = Convert.ToBase64String(archive) },
            },
            new JsonObject
            {
                ["apiVersion"] = "k6.io/v1alpha1",
                ["kind"] = "TestRun",
                ["metadata"] = new JsonObject { ["name"] = name },
                ["spec"] = new JsonObject
                {
                    ["parallelism"] = parallelism,
                    ["script"] = new JsonObject { ["configMap"] = new JsonObject { ["name"] = name, ["file"] = ArchiveKey } },
                    ["arguments"] = "--no-color",
                    // One runner per node: runners that share a node share its CPUs, and a busy one is the limit, not the app.
                    ["separate"] = true,
                    ["runner"] = new JsonObject
                    {
                        ["image"] = image,
                        ["env"] = new JsonArray(
                            new JsonObject { ["name"] = "K6_NEW_MACHINE_READABLE_SUMMARY", ["value"] = "false" },
                            new JsonObject { ["name"] = "K6_NO_USAGE_REPORT", ["value"] = "true" }),
                    },
                },
            }),
    };

    /// <summary>A name Kubernetes takes for both objects and the pods made from them (RFC 1123, short enough for the runner pods'
    /// suffixes): "capacity-sleep-async-c2000".</summary>
    public static string NameOf(string experiment, string variant, int load)
    {
        var name = NotAllowed().Replace($"capacity-{experiment}-{variant}-c{load}".ToLowerInvariant(), "-").Trim('-');
        return name.Length <= 48 ? name : name[..48].TrimEnd('-');
    }

    [GeneratedRegex("[^a-z0-9-]+")]
    private static partial Regex NotAllowed();
}
