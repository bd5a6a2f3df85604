#!/usr/bin/env bash
# Why the pool grew, from the runtime itself: for each variant, a fresh app under CLIENTS k6 clients (the lab's own
# k6-scripts/sweep.js, one step, no warm-up) for STEP_SECONDS; the thread pool's changes to its thread-count goal by the
# reason it gave (event 55 of the runtime's provider, counted in the app and written into every timeline sample), the
# threads at the start and the end, lock contentions and GC pause time over the step; and, halfway through, where the
# threads were (`capacity stacks`, grouped by the app's own frames). One table, then the stacks per variant.
#
#   bench/adjustments.sh                                    # 30 clients, 10 s, every case below
#   CLIENTS=50 STEP_SECONDS=8 CASES="sleep:sync websocket:sync" bench/adjustments.sh
#   KEEP=/tmp/stacks bench/adjustments.sh                   # keep each case's snapshot (capacity stacks --json) there
#   SET=ms=2000 CASES=sleep:sync bench/adjustments.sh      # a parameter of the experiments (k6-scripts/sweep.js SET)
#
# db and audit need PostgreSQL's server programs (initdb, postgres): the script starts a throwaway cluster on loopback,
# as `capacity sweep` does, and skips those cases without them. Needs: the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6),
# python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."

CLIENTS=${CLIENTS:-30}
STEP_SECONDS=${STEP_SECONDS:-10}
CASES=${CASES:-"sleep:sync sleep:async websocket:sync websocket:async db:sync db:async audit:bounded audit:async"}
KEEP=${KEEP:-}
PORT=5491

source bench/lib/find-k6.sh
for tool in python3 curl; do command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }; done
ulimit -n 65536 2>/dev/null || true

echo "building the app and the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll

WORK=$(mktemp -d)
PGDIR=$(mktemp -d) # its own folder: PostgreSQL runs as another user, who cannot enter $WORK
APP="" PG=""
cleanup() {
  [ -n "$APP" ] && kill "$APP" 2>/dev/null
  [ -n "$PG" ] && kill "$PG" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$WORK" "$PGDIR"
}
trap cleanup EXIT

# A throwaway PostgreSQL, as the CLI's PrivatePostgres starts it (it refuses to run as root: runuser drops to postgres).
DB=""
PGBIN=$(dirname "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)")
if [ -x "$PGBIN/initdb" ] && [ -x "$PGBIN/postgres" ]; then
  as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PGDIR"; fi
  as_pg "$PGBIN/initdb" -D "$PGDIR/data" -U capacity --auth=trust -E UTF8 --locale=C --no-instructions >"$WORK/initdb.log" 2>&1 \
    || { echo "initdb failed: $(cat "$WORK/initdb.log")" >&2; exit 1; }
  as_pg "$PGBIN/postgres" -D "$PGDIR/data" -p $((PORT + 1)) -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories="$PGDIR" -c max_connections=100 >"$WORK/postgres.log" 2>&1 &
  PG=$!
  for _ in $(seq 1 100); do grep -q "ready to accept connections" "$WORK/postgres.log" && break; sleep 0.1; done
  DB="Host=127.0.0.1;Port=$((PORT + 1));Username=capacity;Database=postgres"
fi

run_case() { # experiment variant
  local experiment=$1 variant=$2 name="$1-$2"
  local env=(ASPNETCORE_ENVIRONMENT=Production "Diagnostics__TimelineFile=$WORK/$name.jsonl")
  if [ "$experiment" = db ] || [ "$experiment" = audit ]; then
    [ -n "$DB" ] || { echo "$name: skipped (no PostgreSQL server programs)" >>"$WORK/skipped"; return; }
    env+=(Database__Provider=PostgreSQL "Database__ConnectionString=$DB")
  fi
  (cd src/AsyncCapacity.Web/bin/Release/net10.0 && exec env "${env[@]}" dotnet AsyncCapacity.Web.dll --urls "http://127.0.0.1:$PORT") >"$WORK/$name.log" 2>&1 &
  APP=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
  # The app's own threads settle for a second before the load: the timeline's first sample is the baseline.
  sleep 1.5
  BASE_URL="http://127.0.0.1:$PORT" "$K6" run -q -e EXPERIMENT="$experiment" -e VARIANTS="$variant" -e STEPS="$CLIENTS" \
    -e SET="${SET:-}" -e WARMUP_SECONDS=0 -e STEP_SECONDS="$STEP_SECONDS" -e COOLDOWN_SECONDS=0 -e REQUEST_TIMEOUT=30s \
    -e RESULTS_FILE="$WORK/$name-k6.json" k6-scripts/sweep.js >"$WORK/$name-k6.log" 2>&1 &
  local k6=$!
  sleep "$(python3 -c "print($STEP_SECONDS / 2)")"
  dotnet "$CAPACITY" stacks "$APP" --json "$WORK/$name-stacks.json" >"$WORK/$name-stacks.txt" 2>&1 || true
  wait "$k6" || true
  sleep 1.2 # one more sample after the step
  kill "$APP" 2>/dev/null; wait "$APP" 2>/dev/null || true
  APP=""
  [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$WORK/$name-stacks.json" "$KEEP/" 2>/dev/null
  echo "$name" >>"$WORK/cases"
}

for case in $CASES; do
  echo "running ${case/:/ } with $CLIENTS clients for $STEP_SECONDS s..." >&2
  run_case "${case%%:*}" "${case##*:}"
done

python3 - "$WORK" "$STEP_SECONDS" <<'PY'
import json, os, sys
work, seconds = sys.argv[1], float(sys.argv[2])
reasons = ["Starvation", "CooperativeBlocking", "Warmup", "Initializing", "ClimbingMove", "RandomMove", "ChangePoint", "Stabilizing", "ThreadTimedOut"]
def samples(name):
    path = os.path.join(work, name + ".jsonl")
    return [json.loads(l) for l in open(path) if l.strip()] if os.path.exists(path) else []
def totals(sample):
    return sample.get("adjustments") or {}
cases = open(os.path.join(work, "cases")).read().split() if os.path.exists(os.path.join(work, "cases")) else []
print(f"{'case':<18}{'req/s':>8}{'threads':>10}  adjustments over the step: count (+added/-removed) by reason{'':>6}{'locks':>7}{'gc ms':>7}")
for name in cases:
    s = samples(name)
    k6 = json.load(open(os.path.join(work, name + "-k6.json")))
    step = k6["steps"][0]
    msgs = step.get("requests") or 0
    rate = msgs / seconds
    if not s:
        print(f"{name:<18}{rate:>8.1f}  (no timeline)")
        continue
    first, last = s[0], s[-1]
    parts = []
    for reason in reasons:
        a, b = totals(first).get(reason, {}), totals(last).get(reason, {})
        count = b.get("count", 0) - a.get("count", 0)
        if count:
            parts.append(f"{reason} {count} (+{b.get('threadsAdded', 0) - a.get('threadsAdded', 0)}/-{b.get('threadsRemoved', 0) - a.get('threadsRemoved', 0)})")
    peak = max(x["threadCount"] for x in s)
    threads = f"{first['threadCount']}→{last['threadCount']}" + (f" ({peak})" if peak > last["threadCount"] else "")
    locks = (last.get("lockContentions") or 0) - (first.get("lockContentions") or 0)
    gc = (last.get("gcPauseMs") or 0) - (first.get("gcPauseMs") or 0)
    print(f"{name:<18}{rate:>8.1f}{threads:>10}  {', '.join(parts) or 'none':<66}{locks:>7}{gc:>7.1f}")
print()
print("threads: pool threads at the first and last sample (the most seen); req/s: completed requests (echoes for websocket) ÷ step")
for name in cases:
    path = os.path.join(work, name + "-stacks.txt")
    if os.path.exists(path):
        print(f"\n{name}, halfway (capacity stacks):")
        print("  " + open(path).read().strip().replace("\n", "\n  "))
skipped = os.path.join(work, "skipped")
if os.path.exists(skipped):
    print("\n" + open(skipped).read().strip())
PY
