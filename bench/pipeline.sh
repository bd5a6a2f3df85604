#!/usr/bin/env bash
# What each piece of the lab's app costs a request: /hello under wrk, the app whole and with one piece left out at a time,
# against the smallest ASP.NET Core app serving the same answer (bench/MinimalApp). A piece is left out by the app's bench
# switch (Bench__Without, src/AsyncCapacity.Web/Hosting/BenchOptions.cs) or by an environment knob of the runtime or
# configuration (GC, logging, globalization, Kestrel's backlog). Each variant is its own process from the app's folder, as
# the sweep starts it; rounds alternate minimal, app, variant, variant… (each round one place further along, so that
# no variant always runs first) so that drift on a shared machine hits all alike.
# The table: each variant's median req/s, its ratio to the minimal app's median, what leaving the piece out changes
# against the whole app, and the load generator's CPU (it shares the cores).
#
#   bench/pipeline.sh                              # wrk -t2 -c50, 10 s × 3 rounds per variant (about 9 minutes)
#   DURATION=5 ROUNDS=2 bench/pipeline.sh          # a quicker look
#   VARIANTS="timing gc-server" bench/pipeline.sh  # some variants only (minimal and app always run)
#   APP_ENV="DOTNET_gcServer=1" bench/pipeline.sh  # extra environment for every variant of the app (a knob to try)
#   KEEP_ROWS=rows.txt bench/pipeline.sh            # keeps every measurement (variant, req/s, wrk CPU %, CPU µs/req)
#
# Needs: the .NET SDK, wrk, python3, curl, /usr/bin/time. Run it with nothing else on the machine
# (flock /tmp/asynccapacity-load.lock bench/pipeline.sh where several people share it).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-50}
APP_ENV=${APP_ENV:-}
FIRST_PORT=5211

# name | environment (beside APP_ENV) | what the variant leaves out of, or changes in, the whole app
CATALOGUE=$(cat <<'TABLE'
app||nothing: the app as the sweep starts it
timing|Bench__Without=timing|Server-Timing and the requests-in-flight count
exception-handler|Bench__Without=exception-handler|the exception handler
status-pages|Bench__Without=status-pages|the status-code pages
problem-details|Bench__Without=problem-details|the ProblemDetails service and the exception handler
websockets|Bench__Without=websockets|the WebSocket middleware
experiments|Bench__Without=experiments|the experiments' routes (4 routes left of 18)
runtime-readers|Bench__Without=runtime-readers|the sampler thread, the lab's meter, the runtime listeners
all-pieces|Bench__Without=timing,problem-details,status-pages,websockets,experiments,runtime-readers|every piece above
logs-off|Logging__LogLevel__Default=None|every log
hosting-log-off|Logging__LogLevel__Microsoft.AspNetCore.Hosting.Diagnostics=None|the host's log: its per-request scope and Activity
gc-server|DOTNET_gcServer=1|workstation GC → server GC (the Web SDK's default, the minimal app's)
gc-nonconcurrent|DOTNET_gcConcurrent=0|background GC off
invariant|DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1|ICU → invariant globalization
backlog-512|Connections__ListenBacklog=512|the listen backlog 16384 → Kestrel's 512
queue-on|RequestQueue__MaxConcurrent=10000|adds the request queue (off by default; /hello is not behind it)
TABLE
)
VARIANTS=${VARIANTS:-$(cut -d'|' -f1 <<<"$CATALOGUE" | tr '\n' ' ')}
WANTED="app $(tr ' ' '\n' <<<"$VARIANTS" | grep -vx app | tr '\n' ' ')"
for name in $WANTED; do
  grep -q "^$name|" <<<"$CATALOGUE" || { echo "unknown variant '$name'; known: $(cut -d'|' -f1 <<<"$CATALOGUE" | tr '\n' ' ')" >&2; exit 2; }
done

AB_REQUESTS=0 AB_CONCURRENCY=0
source bench/lib/serve.sh
BEFORE=$(machine)

declare -A PORT PID
port=$FIRST_PORT
start minimal $port "$MINIMAL_DLL" "$(dirname "$MINIMAL_DLL")"
PORT[minimal]=$port PID[minimal]=${PIDS[-1]}
for name in $WANTED; do
  port=$((port + 1))
  # shellcheck disable=SC2086 # the environment words split on purpose
  start "$name" $port "$APP_DLL" "$(dirname "$APP_DLL")" $APP_ENV $(grep "^$name|" <<<"$CATALOGUE" | cut -d'|' -f2)
  PORT[$name]=$port PID[$name]=${PIDS[-1]}
done

echo "warming up..." >&2
for name in minimal $WANTED; do wrk -t2 -c"$CONNECTIONS" -d3s "http://127.0.0.1:${PORT[$name]}/hello" >/dev/null 2>&1; done

: >"$WORK/rows"
# Each round starts one place further along the list, so that no variant always runs first or last in a round.
ORDER=(minimal $WANTED)
for round in $(seq 1 "$ROUNDS"); do
  for i in $(seq 0 $((${#ORDER[@]} - 1))); do
    name=${ORDER[$(((i + round - 1) % ${#ORDER[@]}))]}
    echo "round $round/$ROUNDS $name..." >&2
    echo "$name $(measure wrk "${PORT[$name]}" /hello "${PID[$name]}")" >>"$WORK/rows"
  done
done
[ -n "${KEEP_ROWS:-}" ] && cp "$WORK/rows" "$KEEP_ROWS"

echo "bench/pipeline.sh: DURATION=$DURATION ROUNDS=$ROUNDS CONNECTIONS=$CONNECTIONS${APP_ENV:+ APP_ENV=\"$APP_ENV\"}"
echo "started $BEFORE; ended $(machine)"
python3 - "$WORK/rows" "$DURATION" "$ROUNDS" "$CONNECTIONS" <<PY
import statistics, sys
catalogue = {line.split("|")[0]: line.split("|")[2] for line in """$CATALOGUE""".splitlines()}
catalogue["minimal"] = "bench/MinimalApp: the same answer, nothing else"
by = {}
for name, rps, cpu, demand in (line.split() for line in open(sys.argv[1])):
    by.setdefault(name, []).append((float(rps), float(cpu), float(demand)))
duration, rounds, conns = sys.argv[2:5]
median = lambda runs, i: statistics.median(run[i] for run in runs)
minimal, app = by["minimal"], by["app"]
print(f"/hello, wrk -t2 -c{conns} -d{duration}s, median of {rounds} alternating rounds, each variant its own process.")
print(f"{'variant':<19}{'req/s':>8}{'÷ minimal':>10}{'vs app':>8}{'CPU µs/req':>11}{'÷ minimal':>10}{'vs app':>8}"
      f"{'wrk CPU':>8}  what it leaves out or changes")
for name, runs in by.items():
    rps, demand = median(runs, 0), median(runs, 2)
    own = name in ("minimal", "app")
    print(f"{name:<19}{rps:>8,.0f}{rps / median(minimal, 0):>9.2f}×{'' if own else f'{rps / median(app, 0) - 1:+.1%}':>8}"
          f"{demand:>11.1f}{median(minimal, 2) / demand:>9.2f}×{'' if own else f'{median(app, 2) / demand - 1:+.1%}':>8}"
          f"{median(runs, 1):>7.0f}%  {catalogue[name]}")
print("÷ minimal: req/s ÷ the minimal app's, and the minimal app's CPU per request ÷ the variant's (the utilization law: on")
print("saturated cores, throughput goes as 1 ÷ CPU per request, and CPU per request holds better than req/s while other")
print("work shares the cores). vs app: what leaving the piece out (or the change) does to the whole app's figure; read a")
print("change within about ±3% as none. wrk CPU: the load generator's share of all cores (above ~50% on 2 cores it")
print("competes with the app for CPU).")
PY
