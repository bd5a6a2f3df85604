#!/usr/bin/env bash
# What exporting metrics costs the app (the live view, `capacity sweep --live`): a saturated /hello under wrk with OTLP
# export off (nothing registered), on with the lab's meters (what --live turns on), and on with ASP.NET Core's Hosting
# meter added (the per-request instruments the lab exported before 2026-11-26), each its own process, in alternating
# rounds (off, on, hosting, off, …) so that drift on a shared machine hits all alike. wrk, not k6: 50 k6 clients do not
# saturate the app on 2 shared cores, and an unsaturated app hides what export costs (it once read 1.04×).
#
# Prints each round, then each side's median ÷ export off's and the median of the rounds' own ratios; writes the lab's
# side (the lower of its two readings) to src/AsyncCapacity.Cli/Live/export-cost.json, which the header of a --live report
# quotes. The lab wants ≥ 0.95×.
#
#   bench/otel.sh                         # wrk 2 threads × 50 connections, 10 s × 5 rounds per side
#   DURATION=5 ROUNDS=3 bench/otel.sh     # a quicker look
#
# Needs: the .NET SDK, wrk (apt-get install wrk), python3, curl; the dashboard's NuGet package is restored by
# tools/AspireDashboard, as `capacity sweep --live` does.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk python3 curl; do command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install wrk)" >&2; exit 1; }; done

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-5}
CONNECTIONS=${CONNECTIONS:-50}
UI_PORT=5293 OTLP_PORT=5294 OTLP_HTTP_PORT=5295
declare -A PORT=([off]=5291 [on]=5292 [hosting]=5296) PID
SIDES=(off on hosting)

echo "building the app (Release) and restoring the Aspire dashboard..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet restore tools/AspireDashboard/AspireDashboard.csproj --nologo -v q >/dev/null
dashboard=$(python3 -c '
import json, os, sys
assets = json.load(open(sys.argv[1]))
folder = next(iter(assets["packageFolders"]))
download = next(iter(assets["project"]["frameworks"].values()))["downloadDependencies"][0]
version = download["version"].strip("[]").split(",")[0].strip()
print(os.path.join(folder, download["name"].lower(), version, "tools", "Aspire.Dashboard"))' tools/AspireDashboard/obj/project.assets.json)

WORK=$(mktemp -d)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

ASPNETCORE_URLS=http://127.0.0.1:$UI_PORT ASPIRE_DASHBOARD_OTLP_ENDPOINT_URL=http://127.0.0.1:$OTLP_PORT \
  ASPIRE_DASHBOARD_OTLP_HTTP_ENDPOINT_URL=http://127.0.0.1:$OTLP_HTTP_PORT ASPIRE_DASHBOARD_UNSECURED_ALLOW_ANONYMOUS=true \
  "$dashboard" >"$WORK/dashboard.log" 2>&1 &
PIDS+=($!)

APP=src/AsyncCapacity.Web/bin/Release/net10.0
EXPORT=(OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$OTLP_PORT OTEL_METRIC_EXPORT_INTERVAL=1000)
start() { # side [env...]
  local side=$1; shift
  (cd "$APP" && exec env "$@" ASPNETCORE_ENVIRONMENT=Production dotnet AsyncCapacity.Web.dll --urls "http://127.0.0.1:${PORT[$side]}") \
    >"$WORK/$side.log" 2>&1 &
  PIDS+=($!)
  PID[$side]=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:${PORT[$side]}/hello" >/dev/null && return 0; sleep 0.1; done
  echo "$side did not start: $(cat "$WORK/$side.log")" >&2; exit 1
}
start off
start on "${EXPORT[@]}" OTEL_SERVICE_NAME=bench-on
start hosting "${EXPORT[@]}" OTEL_SERVICE_NAME=bench-hosting \
  LabTelemetry__Meters=System.Runtime,Microsoft.AspNetCore.Hosting,Microsoft.AspNetCore.Server.Kestrel,AsyncCapacity

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # the process's user + system time, in clock ticks
measure() { # side seconds → "req/s app-CPU-%": the app's CPU says whether it, not wrk, was the limit
  local before after rps
  before=$(cpu_ticks "${PID[$1]}")
  rps=$(wrk -t2 -c"$CONNECTIONS" -d"$2s" "http://127.0.0.1:${PORT[$1]}/hello" | awk '/^Requests\/sec/ {print int($2)}')
  after=$(cpu_ticks "${PID[$1]}")
  echo "$rps $(( (after - before) * 100 / $(getconf CLK_TCK) / $2 ))"
}

echo "warming up..." >&2
for side in "${SIDES[@]}"; do measure "$side" 3 >/dev/null; done
: >"$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
  for side in "${SIDES[@]}"; do
    read -r rps cpu < <(measure "$side" "$DURATION")
    echo "round $round/$ROUNDS, $side: $rps req/s, app at $cpu% CPU" >&2
    echo "$round $side $rps $cpu" >>"$WORK/rows"
  done
done
for service in bench-on bench-hosting; do
  curl -sf "http://127.0.0.1:$UI_PORT/api/telemetry/resources" | grep -q "$service" \
    || echo "warning: the dashboard received nothing from $service; see $WORK" >&2
done

python3 - "$WORK/rows" "$CONNECTIONS" "$DURATION" "$ROUNDS" "$(date -u +%F)" <<'PY'
import collections, json, statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
connections, duration, rounds, day = sys.argv[2:6]
by_round = collections.defaultdict(dict)
cpu = collections.defaultdict(list)
for r, side, rps, percent in rows:
    by_round[r][side] = float(rps)
    cpu[side].append(float(percent))
median = {s: statistics.median(v[s] for v in by_round.values()) for s in ("off", "on", "hosting")}
# CPU per request says what export costs even in a round where the app was not the limit.
us = {s: statistics.median(cpu[s]) / 100 * 1e6 / median[s] for s in median}
pairs = {s: statistics.median(v[s] / v["off"] for v in by_round.values()) for s in ("on", "hosting")}
print(f"/hello saturated by wrk (2 threads, {connections} connections), {duration} s × {rounds} alternating rounds per side:")
print("| export | median req/s | ÷ export off (medians) | median of the rounds' ratios | app CPU (of 2 cores) | app CPU per request |")
print("|---|---|---|---|---|---|")
names = {"off": "off", "on": "on, the lab's meters (--live)", "hosting": "on, with Microsoft.AspNetCore.Hosting"}
for s, name in names.items():
    ratio = pairs.get(s, 1.0)
    print(f"| {name} | {median[s]:,.0f} | {median[s] / median['off']:.2f}× | {ratio:.2f}× | "
          f"{statistics.median(cpu[s]):.0f}% | {us[s]:.1f} µs |")
command = f"CONNECTIONS={connections} DURATION={duration} ROUNDS={rounds} bash bench/otel.sh"
# The lower of the two readings is the one quoted: the cost at its largest.
quoted = min(pairs["on"], median["on"] / median["off"])
json.dump({"ratio": round(quoted, 2), "measured": day, "command": command,
           "load": f"wrk 2 threads × {connections} connections on /hello"},
          open("src/AsyncCapacity.Cli/Live/export-cost.json", "w"), indent=2)
print(f"wrote src/AsyncCapacity.Cli/Live/export-cost.json: {quoted:.2f}× on {day}")
PY
