#!/usr/bin/env bash
# What `capacity stacks` costs the app it looks at: /hello under wrk in one fresh app, rounds without snapshots
# alternating with rounds during which `capacity stacks --repeat` takes one every INTERVAL_MS (an EventPipe session with
# the sample profiler for ~10 ms, then the rundown). One table: req/s per round kind (median), the ratio, and how long a
# snapshot took (the session in the app, and in all with resolving the frames in the CLI), median and max.
#
#   bench/stacks.sh                              # wrk -t2 -c50, 5 s rounds, 2 of each kind, a snapshot every 1000 ms
#   DURATION=10 ROUNDS=3 INTERVAL_MS=500 bench/stacks.sh
#
# The CLI shares the machine's cores with the app and wrk, so its own work (reading the trace, resolving frames) is part
# of what the "with" rounds lose. Needs: the .NET SDK, wrk (apt-get install wrk), python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-2}
INTERVAL_MS=${INTERVAL_MS:-1000}
CONNECTIONS=${CONNECTIONS:-50}
PORT=5591

source bench/lib/wrk-app.sh

echo "warming up (wrk, and one snapshot)..." >&2
wrk -t2 -c"$CONNECTIONS" -d3s "$URL" >/dev/null 2>&1
dotnet "$CAPACITY" stacks "$APP" >/dev/null

SNAPSHOTS=$(python3 -c "print(max(1, int($DURATION * 1000 / $INTERVAL_MS)))")
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round: without, then with snapshots..." >&2
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$WORK/without-$round.txt" 2>&1
  rps "$WORK/without-$round.txt" >>"$WORK/without"
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$WORK/with-$round.txt" 2>&1 &
  local_wrk=$!
  sleep 0.2
  /usr/bin/time -f "%U %S" -a -o "$WORK/cli-cpu" \
    dotnet "$CAPACITY" stacks "$APP" --repeat "$SNAPSHOTS" --interval-ms "$INTERVAL_MS" --json "$WORK/snapshots-$round.jsonl" >/dev/null
  wait "$local_wrk"
  rps "$WORK/with-$round.txt" >>"$WORK/with"
done

python3 - "$WORK" "$INTERVAL_MS" "$CONNECTIONS" "$DURATION" <<'PY'
import glob, json, os, statistics, sys
work, interval, connections, duration = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
read = lambda name: [float(x) for x in open(os.path.join(work, name)).read().split()]
without, with_ = read("without"), read("with")
snaps = [json.loads(l) for f in sorted(glob.glob(os.path.join(work, "snapshots-*.jsonl"))) for l in open(f) if l.strip()]
session = [s["sessionMs"] for s in snaps]
total = [s["totalMs"] for s in snaps]
threads = [len(s["threads"]) for s in snaps]
m = statistics.median
print(f"/hello, wrk -t2 -c{connections}, {duration} s rounds; snapshots every {interval} ms during the 'with' rounds")
print(f"{'rounds':<34}{'req/s (median)':>16}{'each round':>30}")
print(f"{'without snapshots':<34}{m(without):>16,.0f}{'  ' + ', '.join(f'{x:,.0f}' for x in without):>30}")
print(f"{'with snapshots':<34}{m(with_):>16,.0f}{'  ' + ', '.join(f'{x:,.0f}' for x in with_):>30}")
print(f"{'with ÷ without':<34}{m(with_) / m(without):>16.2f}")
print()
cli = sum(sum(float(x) for x in line.split()) for line in open(os.path.join(work, "cli-cpu")) if line.strip() and line[0].isdigit())
print(f"{len(snaps)} snapshots of {min(threads)}-{max(threads)} threads: session in the app {m(session):.0f} ms median ({max(session):.0f} max), "
      f"in all {m(total):.0f} ms median ({max(total):.0f} max); the CLI's own CPU {1000 * cli / len(snaps):.0f} ms per snapshot "
      f"(its start-up included)")
PY
