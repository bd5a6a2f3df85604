#!/usr/bin/env bash
# How long `capacity --help` takes to start: the installed tool (packed from this clone, installed with --tool-path into a
# temporary folder, as README says) against the clone's `dotnet run --project src/AsyncCapacity.Cli -- --help`, which
# checks the build on every command. hyperfine runs each after warm-up runs, alternating nothing: the machine's load
# shows in each side's spread. The lab's target: the tool under 0.5 s on a 2-core machine.
#
#   bench/startup.sh                  # 20 runs of the tool, 5 of dotnet run
#   RUNS=50 bench/startup.sh
#
# Needs: the .NET SDK, hyperfine (apt-get install hyperfine), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine python3; do command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install $tool)" >&2; exit 1; }; done

RUNS=${RUNS:-20}
WORK=$(mktemp -d)
trap 'chmod -R u+w "$WORK"; rm -rf "$WORK"' EXIT
version="0.0.0-bench.$(date -u +%Y%m%d%H%M%S)"

echo "packing the tool ($version) and installing it into $WORK/tool..." >&2
dotnet pack src/AsyncCapacity.Cli -c Release --nologo -v q "-p:PackageVersion=$version" -o "$WORK/feed" >/dev/null
NUGET_PACKAGES="$WORK/nuget" dotnet tool install AsyncCapacity --version "$version" --add-source "$WORK/feed" \
  --tool-path "$WORK/tool" >/dev/null
package=$(du -k "$WORK/feed/AsyncCapacity.$version.nupkg" | cut -f1)
installed=$(du -sk "$WORK/tool" | cut -f1)
dotnet build src/AsyncCapacity.Cli --nologo -v q >/dev/null

hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$WORK/tool.json" -n "capacity --help (installed tool)" \
  "$WORK/tool/capacity --help"
hyperfine -N --warmup 1 --runs 5 --export-json "$WORK/run.json" -n "dotnet run --project src/AsyncCapacity.Cli -- --help" \
  "dotnet run --project src/AsyncCapacity.Cli -- --help"

python3 - "$WORK/tool.json" "$WORK/run.json" "$package" "$installed" <<'EOF'
import json, sys
tool = json.load(open(sys.argv[1]))["results"][0]
run = json.load(open(sys.argv[2]))["results"][0]
print(f"\npackage {int(sys.argv[3]) / 1024:.1f} MB, installed {int(sys.argv[4]) / 1024:.1f} MB")
for r in (tool, run):
    print(f"{r['command']:<55} mean {r['mean']:.3f} s ± {r['stddev']:.3f}  median {r['median']:.3f} s  (user {r['user']:.3f} s)")
print(f"dotnet run ÷ tool: {run['median'] / tool['median']:.1f}×;", "the tool is within" if tool["median"] < 0.5 else "the tool is OVER",
      "the 0.5 s target (median)")
EOF
