#!/usr/bin/env bash
# The WebSocket echo against its reference, in one run: the lab's async echo (/websocket/async over ws://, and over
# wss:// to its TLS listener) and the smallest ASP.NET Core echo (bench/MinimalApp, the same awaited loop and nothing
# else), each driven by the lab's own k6 script (k6-scripts/sweep.js, EXPERIMENT=websocket) with the same clients,
# message size and durations, alternating targets round by round, a fresh process each time. One table: messages/s,
# round trip p50/p95/p99 (Date.now(): 1 ms resolution), server threads (most seen), k6's CPU and memory, and each
# row ÷ the minimal echo.
#
#   bench/websocket.sh                                   # 1000 clients × 275 B, 5 s warm-up + 20 s, 2 rounds
#   CLIENTS=100 STEP_SECONDS=6 ROUNDS=1 bench/websocket.sh   # a quicker look
#
# The report it reproduces: a .NET echo server held ~30,188 msg/s with 1000 clients × 275 B on 8 cores; measured on
# this kind of 2-core machine with k6 on the same box, a minimal Kestrel echo held 22,995 msg/s, RTT p95 92 ms.
# Needs: the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6 as the CLI finds it), python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."

CLIENTS=${CLIENTS:-1000}
SIZE=${SIZE:-275}
WARMUP_SECONDS=${WARMUP_SECONDS:-5}
STEP_SECONDS=${STEP_SECONDS:-20}
ROUNDS=${ROUNDS:-2}
PORT=5391 TLS_PORT=5392

source bench/lib/find-k6.sh
for tool in python3 curl; do command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }; done
ulimit -n 65536 2>/dev/null || true

echo "building the app and bench/MinimalApp (Release)..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet build bench/MinimalApp -c Release --nologo -v q >/dev/null

WORK=$(mktemp -d)
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

start() { # name: starts the target's server in the background and waits for /healthz
  local dll urls=http://127.0.0.1:$PORT
  case $1 in
    minimal) dll=bench/MinimalApp/bin/Release/net10.0/MinimalApp.dll ;;
    app) dll=src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll ;;
    app-tls) dll=src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll; urls="$urls;https://127.0.0.1:$TLS_PORT" ;;
  esac
  (cd "$(dirname "$dll")" && exec env ASPNETCORE_ENVIRONMENT=Production dotnet "$(basename "$dll")" --urls "$urls") >"$WORK/$1.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0; sleep 0.1; done
  echo "$1 did not start: $(cat "$WORK/$1.log")" >&2; exit 1
}

threads_of() { awk '/^Threads:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

: >"$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
  for target in minimal app app-tls; do
    echo "$CLIENTS clients × $SIZE B on $target, round $round/$ROUNDS..." >&2
    start "$target"
    base=http://127.0.0.1:$PORT tls=false
    [ "$target" = app-tls ] && base=https://127.0.0.1:$TLS_PORT tls=true
    # The most threads the server had during the run, sampled every 0.5 s beside k6.
    (max=0; while kill -0 "$SERVER" 2>/dev/null; do t=$(threads_of "$SERVER"); [ "$t" -gt "$max" ] && max=$t && echo "$max" >"$WORK/threads"; sleep 0.5; done) &
    sampler=$!
    EXPERIMENT=websocket VARIANTS=async STEPS=$CLIENTS SET="size=$SIZE,tls=$tls" BASE_URL=$base \
      WARMUP_SECONDS=$WARMUP_SECONDS STEP_SECONDS=$STEP_SECONDS COOLDOWN_SECONDS=0 RESULTS_FILE="$WORK/k6.json" \
      K6_NEW_MACHINE_READABLE_SUMMARY=false K6_NO_USAGE_REPORT=true \
      /usr/bin/time -f "%U %S %e %M" -o "$WORK/time" timeout -s KILL $((WARMUP_SECONDS + STEP_SECONDS + 60)) \
      "$K6" run --quiet --no-color k6-scripts/sweep.js >"$WORK/k6.log" 2>&1 || true
    kill "$sampler" 2>/dev/null || true
    kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; SERVER=""
    [ -f "$WORK/k6.json" ] || { echo "k6 wrote no results for $target: $(tail -5 "$WORK/k6.log")" >&2; exit 1; }
    python3 - "$WORK/k6.json" "$target" "$(cat "$WORK/threads" 2>/dev/null || echo 0)" "$(tail -n 1 "$WORK/time")" "$(nproc)" >>"$WORK/rows" <<'PY'
import json, sys
step = json.load(open(sys.argv[1]))["steps"][0]
target, threads = sys.argv[2], sys.argv[3]
user, system, elapsed, rss_kb = (float(x) for x in sys.argv[4].split())
seconds = (step["endMs"] - step["measureFromMs"]) / 1000
d = step["durationMs"] or {}
lost = (step.get("connectionsFailed") or 0) + (step.get("connectionsDropped") or 0)
cpu = 100 * (user + system) / (elapsed * int(sys.argv[5]))
print(target, step["requests"] / seconds, d.get("med") or 0, d.get("p95") or 0, d.get("p99") or 0, threads, lost, cpu, rss_kb / 1024)
PY
    rm -f "$WORK/k6.json" "$WORK/threads"
  done
done

python3 - "$WORK/rows" "$CLIENTS" "$SIZE" "$ROUNDS" "$WARMUP_SECONDS" "$STEP_SECONDS" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
clients, size, rounds, warmup, step = sys.argv[2:7]
by = {}
for target, *figures in rows:
    by.setdefault(target, []).append([float(x) for x in figures])
med = lambda i, xs: statistics.median(x[i] for x in xs)
ref = med(0, by["minimal"])
print(f"{clients} WebSocket clients × {size} B, closed loop (send, wait for the echo, send again), {warmup} s warm-up + {step} s,")
print(f"median of {rounds} alternating rounds; round trips in ms (Date.now(): 1 ms resolution); k6 on the same cores")
print(f"{'target':<10}{'msg/s':>10}{'÷ minimal':>11}{'p50':>6}{'p95':>6}{'p99':>6}{'threads':>9}{'lost':>6}{'k6 CPU':>8}{'k6 MB':>8}")
for target in ("minimal", "app", "app-tls"):
    xs = by[target]
    print(f"{target:<10}{med(0, xs):>10,.0f}{med(0, xs) / ref:>10.2f}×{med(1, xs):>6,.0f}{med(2, xs):>6,.0f}{med(3, xs):>6,.0f}"
          f"{med(4, xs):>9,.0f}{med(5, xs):>6,.0f}{med(6, xs):>7,.0f}%{med(7, xs):>8,.0f}")
tls = med(0, by["app-tls"]) / med(0, by["app"])
print(f"minimal = bench/MinimalApp's echo; app = the lab's /websocket/async (ws://); app-tls = the same over wss:// "
      f"(TLS costs {100 * (1 - tls):.0f}% of messages/s here). lost = sessions that failed to open or dropped.")
PY
