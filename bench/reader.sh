#!/usr/bin/env bash
# What the sweep's runtime reader costs the app it reads: /hello under wrk in one fresh app, rounds without the reader
# alternating with rounds during which `capacity runtime` reads it from outside (one EventPipe session: the meters
# System.Runtime, Kestrel, Hosting and AsyncCapacity collected every second, and the pool's adjustment events), as every
# probe of a sweep is read. One table: req/s per round kind (median), the ratio, and the CLI's own CPU.
#
#   bench/reader.sh                              # wrk -t2 -c50, 10 s rounds, 3 of each kind
#   DURATION=5 ROUNDS=2 CONNECTIONS=100 bench/reader.sh
#
# The CLI shares the machine's cores with the app and wrk, so its own work (parsing the events) is part of what the
# "with" rounds lose. Needs: the .NET SDK, wrk (apt-get install wrk), python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-50}
PORT=${PORT:-5592}

source bench/lib/wrk-app.sh

echo "warming up (wrk, and one short read)..." >&2
wrk -t2 -c"$CONNECTIONS" -d3s "$URL" >/dev/null 2>&1
dotnet "$CAPACITY" runtime "$APP" --seconds 2 >/dev/null

for round in $(seq 1 "$ROUNDS"); do
  echo "round $round: without, then with the reader..." >&2
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$WORK/without-$round.txt" 2>&1
  rps "$WORK/without-$round.txt" >>"$WORK/without"
  # The reader starts first and reads a second past the round, so that the whole round is read.
  /usr/bin/time -f "%U %S" -a -o "$WORK/cli-cpu" \
    dotnet "$CAPACITY" runtime "$APP" --seconds $((DURATION + 3)) --json "$WORK/samples-$round.jsonl" >/dev/null &
  reader=$!
  sleep 1.5
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$URL" >"$WORK/with-$round.txt" 2>&1
  wait "$reader"
  rps "$WORK/with-$round.txt" >>"$WORK/with"
done

python3 - "$WORK" "$CONNECTIONS" "$DURATION" "$ROUNDS" <<'PY'
import glob, os, statistics, sys
work, connections, duration, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
read = lambda name: [float(x) for x in open(os.path.join(work, name)).read().split()]
without, with_ = read("without"), read("with")
samples = sum(1 for f in glob.glob(os.path.join(work, "samples-*.jsonl")) for l in open(f) if l.strip())
m = statistics.median
print(f"/hello, wrk -t2 -c{connections}, {duration} s rounds, {rounds} of each kind, alternating; the reader during the 'with' rounds")
print(f"{'rounds':<28}{'req/s (median)':>16}   each round")
print(f"{'without the reader':<28}{m(without):>16,.0f}   {', '.join(f'{x:,.0f}' for x in without)}")
print(f"{'with the reader':<28}{m(with_):>16,.0f}   {', '.join(f'{x:,.0f}' for x in with_)}")
print(f"{'with ÷ without':<28}{m(with_) / m(without):>16.2f}")
cli = sum(sum(float(x) for x in line.split()) for line in open(os.path.join(work, "cli-cpu")) if line.strip() and line[0].isdigit())
read_seconds = rounds * (duration + 3)
print(f"{samples} samples read; the CLI's own CPU {cli:.1f} s over {read_seconds} s of reading "
      f"({100 * cli / read_seconds:.0f}% of one core, its start-up included)")
PY
