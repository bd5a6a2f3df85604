#!/usr/bin/env bash
# What exporting metrics costs the app: /hello with OTLP export on (OTEL_EXPORTER_OTLP_ENDPOINT set, every second, to
# the Aspire dashboard the lab's live view runs) against export off (nothing registered), each its own process, under
# the same k6 load in alternating rounds (off, on, off, on…) so drift on a shared machine hits both alike. Prints each
# round and the ratio on ÷ off of the median req/s: 1.00× costs nothing; the lab wants ≥ 0.95×.
#
#   bench/otel.sh                         # 50 k6 clients, 10 s × 3 rounds per side
#   DURATION=5 ROUNDS=2 bench/otel.sh     # a quicker look
#
# Needs: the .NET SDK, k6 (K6_PATH, PATH or ../shared/tools/k6), python3, curl; the dashboard's NuGet package is
# restored by tools/AspireDashboard, as `capacity sweep --live` does.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/find-k6.sh

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CLIENTS=${CLIENTS:-50}
OFF_PORT=5291 ON_PORT=5292 UI_PORT=5293 OTLP_PORT=5294 OTLP_HTTP_PORT=5295

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
start() { # name port [env...]
  local name=$1 port=$2; shift 2
  (cd "$APP" && exec env "$@" ASPNETCORE_ENVIRONMENT=Production dotnet AsyncCapacity.Web.dll --urls "http://127.0.0.1:$port") \
    >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/hello" >/dev/null && return 0; sleep 0.1; done
  echo "$name did not start: $(cat "$WORK/$name.log")" >&2; exit 1
}
start off $OFF_PORT
start on $ON_PORT OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:$OTLP_PORT OTEL_SERVICE_NAME=asynccapacity-bench OTEL_METRIC_EXPORT_INTERVAL=1000

cat >"$WORK/hello.js" <<'JS'
import http from 'k6/http';
export default function () { http.get(`${__ENV.BASE_URL}/hello`); }
JS
measure() { # port seconds → req/s
  BASE_URL=http://127.0.0.1:$1 "$K6" run --quiet --no-color --vus "$CLIENTS" --duration "$2s" \
    --summary-export "$WORK/summary.json" "$WORK/hello.js" >/dev/null 2>&1
  python3 -c 'import json, sys; print(round(json.load(open(sys.argv[1]))["metrics"]["http_reqs"]["rate"]))' "$WORK/summary.json"
}

echo "warming up..." >&2
measure $OFF_PORT 3 >/dev/null && measure $ON_PORT 3 >/dev/null
: >"$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
  for side in off on; do
    port=$([ $side = on ] && echo $ON_PORT || echo $OFF_PORT)
    rps=$(measure "$port" "$DURATION")
    echo "round $round/$ROUNDS, export $side: $rps req/s" >&2
    echo "$side $rps" >>"$WORK/rows"
  done
done
curl -sf "http://127.0.0.1:$UI_PORT/api/telemetry/resources" | grep -q '"hasMetrics":true' \
  || echo "warning: the dashboard received no metrics from the 'on' app; see $WORK/on.log" >&2

python3 - "$WORK/rows" "$CLIENTS" "$DURATION" "$ROUNDS" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
clients, duration, rounds = sys.argv[2:5]
off = statistics.median(float(r) for s, r in rows if s == "off")
on = statistics.median(float(r) for s, r in rows if s == "on")
print(f"/hello, k6 {clients} clients, {duration} s × {rounds} alternating rounds per side (medians):")
print(f"  export off {off:,.0f} req/s · export on (OTLP every 1 s) {on:,.0f} req/s · on ÷ off = {on / off:.2f}×")
# Each round's pair (off, then on) drifts together on a shared machine: the median of the pairs' ratios says the same
# more steadily.
pairs = [float(b[1]) / float(a[1]) for a, b in zip(rows[0::2], rows[1::2])]
print(f"  each round's on ÷ off: {', '.join(f'{p:.2f}×' for p in pairs)} (median {statistics.median(pairs):.2f}×)")
PY
