#!/usr/bin/env bash
# Cross-checks the k6 sweep against two independent load tools (wrk, ab) on the same endpoints.
# Each measurement gets a fresh app process (as the sweep does), so no tool inherits another's threads.
# Prints one table; compare the tools' throughput and latency as ratios within this one run.
#
#   bench/crosscheck.sh                      # sync and async at 10 and 50 clients, 20 s each
#   CONCURRENCY="10 100" SECONDS_PER_RUN=10 bench/crosscheck.sh
#
# Needs: the .NET SDK, k6 (K6_PATH, PATH or ../shared/tools/k6), wrk and ab (apt-get install wrk apache2-utils), python3.
set -euo pipefail
cd "$(dirname "$0")/.."

CONCURRENCY=${CONCURRENCY:-"10 50"}
VARIANTS=${VARIANTS:-"sync async"}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
DELAY_MS=${DELAY_MS:-500}
PORT=${PORT:-5091}
URL="http://127.0.0.1:$PORT"
source bench/lib/find-k6.sh

for tool in wrk ab python3; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done

dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
APP_DLL=src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll
WORK=$(mktemp -d)
APP_PID=""
stop_app() { [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null; APP_PID=""; }
trap 'stop_app; rm -rf "$WORK"' EXIT

start_app() {
  (cd "$(dirname "$APP_DLL")" && exec dotnet "$(basename "$APP_DLL")" --urls "$URL") >"$WORK/app.log" 2>&1 &
  APP_PID=$!
  for _ in $(seq 1 50); do curl -sf "$URL/healthz" >/dev/null && return 0; sleep 0.2; done
  echo "app did not start: $(cat "$WORK/app.log")" >&2; exit 1
}

threads_now() { curl -s --max-time 60 "$URL/diag/runtime" | python3 -c 'import json,sys; print(json.load(sys.stdin)["now"]["threadCount"])'; }

run_k6() { # variant concurrency
  EXPERIMENT=sleep SET=ms=$DELAY_MS STEPS=$2 VARIANTS=$1 WARMUP_SECONDS=0 STEP_SECONDS=$SECONDS_PER_RUN COOLDOWN_SECONDS=0 \
    BASE_URL=$URL RESULTS_FILE="$WORK/k6.json" K6_NEW_MACHINE_READABLE_SUMMARY=false \
    "$K6" run --quiet k6-scripts/sweep.js >"$WORK/k6.log" 2>&1 || true
  python3 - "$WORK/k6.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["steps"][0]; d = s["durationMs"] or {}
win = (s["endMs"] - s["measureFromMs"]) / 1000
f = lambda v: "-" if v is None else f"{v:.0f}"
print(f"{s['requests'] / win:.1f} {f(d.get('med'))} {f(d.get('p95'))} {f(d.get('p99'))} {s['failed']}")
PY
}

run_wrk() {
  wrk -t2 -c"$2" -d"${SECONDS_PER_RUN}s" --timeout 60s --latency "$URL/sleep/$1?ms=$DELAY_MS" >"$WORK/wrk.log" 2>&1 || true
  python3 - "$WORK/wrk.log" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def ms(label):
    m = re.search(rf"^\s+{label}\s+([\d.]+)(us|ms|s)\s*$", t, re.M)
    if not m: return "-"
    v = float(m.group(1)); return f"{v / 1000 if m.group(2) == 'us' else v * 1000 if m.group(2) == 's' else v:.0f}"
rps = re.search(r"Requests/sec:\s+([\d.]+)", t)
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", t)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
errors = (sum(map(int, socket.groups())) if socket else 0) + (int(non2xx.group(1)) if non2xx else 0)
print(f"{float(rps.group(1)) if rps else 0:.1f} {ms('50%')} - {ms('99%')} {errors}")
PY
}

run_ab() {
  # -r: keep going on a reset connection (a starved Kestrel resets some, see README) instead of stopping at the first.
  ab -r -q -c "$2" -t "$SECONDS_PER_RUN" -n 1000000 -s 60 "$URL/sleep/$1?ms=$DELAY_MS" >"$WORK/ab.log" 2>&1 || true
  python3 - "$WORK/ab.log" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
rps = re.search(r"Requests per second:\s+([\d.]+)", t)
pct = lambda p: (re.search(rf"^\s+{p}%\s+(\d+)", t, re.M) or [None, "-"])[1]
# ab's "Length" failures only mean "not the length of the first response": count real errors.
kinds = re.search(r"\(Connect: (\d+), Receive: (\d+), Length: \d+, Exceptions: (\d+)\)", t)
non2xx = re.search(r"Non-2xx responses:\s+(\d+)", t)
errors = (sum(map(int, kinds.groups())) if kinds else 0) + (int(non2xx.group(1)) if non2xx else 0)
print(f"{float(rps.group(1)) if rps else 0:.1f} {pct(50)} {pct(95)} {pct(99)} {errors}")
PY
}

printf '%-6s %-6s %5s %9s %8s %8s %8s %7s %10s\n' tool variant conc "req/s" "p50 ms" "p95 ms" "p99 ms" errors threads
for variant in $VARIANTS; do
  for c in $CONCURRENCY; do
    for tool in k6 wrk ab; do
      start_app
      t0=$(threads_now)
      read -r rps p50 p95 p99 errors <<<"$(run_$tool "$variant" "$c")"
      printf '%-6s %-6s %5s %9s %8s %8s %8s %7s %10s\n' "$tool" "$variant" "$c" "$rps" "$p50" "$p95" "$p99" "$errors" "$t0→$(threads_now)"
      stop_app
    done
  done
done
echo "(${SECONDS_PER_RUN} s per run, ${DELAY_MS} ms delay, a fresh app per run; wrk reports no p95. threads: pool threads at start → at end)"
