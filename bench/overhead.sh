#!/usr/bin/env bash
# The instrument's own cost: the lab's app (Server-Timing, the sampler, its middleware) against the smallest ASP.NET
# Core app serving the same answers (bench/MinimalApp), on /hello and the content pair, with wrk and ab, in one run.
# Rounds alternate minimal, app, minimal, app… so drift on a shared machine hits both alike; the table shows each
# figure's median and the ratio app ÷ minimal, with the load generator's CPU beside it (it shares the cores).
# The app runs twice: from its own folder, as the sweep starts it, and from the repository root (`dotnet
# src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll`), measured on /hello with wrk: the two must cost the
# same, since neither the content root nor the log levels depend on the working directory.
#
#   bench/overhead.sh                        # wrk -t2 -c50, 10 s × 3 rounds per target and route; ab on /hello
#   DURATION=5 ROUNDS=2 bench/overhead.sh    # a quicker look
#   AB_REQUESTS=100000 AB_CONCURRENCY=10000 bench/overhead.sh   # the issue's ab command (needs ulimit -n > 10000)
#   APP_ENV="DOTNET_gcServer=0" bench/overhead.sh              # extra environment for the lab's app (a knob to try)
#   PIECES=1 bench/overhead.sh               # then what each piece of the app's pipeline costs (bench/pipeline.sh, ~9 min)
#
# Needs: the .NET SDK, wrk and ab (apt-get install wrk apache2-utils), python3; nginx (nginx-light) adds a static row.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-50}
AB_REQUESTS=${AB_REQUESTS:-50000}
AB_CONCURRENCY=${AB_CONCURRENCY:-1000}
APP_ENV=${APP_ENV:-}
ROUTES=${ROUTES:-"/hello /content/file/small.html /content/memory/small.html"}
APP_PORT=5191 MIN_PORT=5192 NGINX_PORT=5193 ROOT_PORT=5194

source bench/lib/serve.sh
BEFORE=$(machine)

# shellcheck disable=SC2086
start app $APP_PORT $APP_DLL "$(dirname $APP_DLL)" $APP_ENV
# shellcheck disable=SC2086
start app-root $ROOT_PORT $APP_DLL . $APP_ENV
start minimal $MIN_PORT "$MINIMAL_DLL" "$(dirname "$MINIMAL_DLL")"

NGINX=""
NGINX_BIN=$(command -v nginx || echo /usr/sbin/nginx)
if [ -x "$NGINX_BIN" ]; then
  mkdir -p "$WORK/nginx/www" && chmod 755 "$WORK"  # nginx workers run as nobody when started by root
  curl -s "http://127.0.0.1:$APP_PORT/hello" >"$WORK/nginx/www/hello"
  cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1; pid $WORK/nginx/nginx.pid; error_log $WORK/nginx/error.log; daemon off;
events { worker_connections 20000; }
http { access_log off; server { listen 127.0.0.1:$NGINX_PORT; root $WORK/nginx/www; default_type application/json; } }
CONF
  "$NGINX_BIN" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" >/dev/null 2>&1 &
  PIDS+=($!)
  sleep 0.5 && curl -sf "http://127.0.0.1:$NGINX_PORT/hello" >/dev/null && NGINX=$NGINX_PORT
fi

echo "warming up..." >&2
for port in $APP_PORT $MIN_PORT; do for route in $ROUTES; do wrk -t2 -c"$CONNECTIONS" -d3s "http://127.0.0.1:$port$route" >/dev/null 2>&1; done; done
wrk -t2 -c"$CONNECTIONS" -d3s "http://127.0.0.1:$ROOT_PORT/hello" >/dev/null 2>&1

: >"$WORK/rows"
for route in $ROUTES; do
  targets="minimal app"
  [ "$route" = /hello ] && targets="minimal app app-root"
  for round in $(seq 1 "$ROUNDS"); do
    for target in $targets; do
      port=$(case $target in app) echo $APP_PORT ;; app-root) echo $ROOT_PORT ;; *) echo $MIN_PORT ;; esac)
      echo "wrk $route $target round $round/$ROUNDS..." >&2
      echo "wrk $route $target $(measure wrk "$port" "$route")" >>"$WORK/rows"
    done
  done
done
for target in minimal app; do
  port=$([ "$target" = app ] && echo $APP_PORT || echo $MIN_PORT)
  echo "ab /hello $target..." >&2
  echo "ab /hello $target $(measure ab "$port" /hello)" >>"$WORK/rows"
done
if [ -n "$NGINX" ]; then
  echo "wrk /hello nginx $(measure wrk "$NGINX" /hello)" >>"$WORK/rows"
  echo "ab /hello nginx $(measure ab "$NGINX" /hello)" >>"$WORK/rows"
fi

echo "bench/overhead.sh: started $BEFORE; ended $(machine)"
python3 - "$WORK/rows" "$DURATION" "$ROUNDS" "$CONNECTIONS" "$AB_REQUESTS" "$AB_CONCURRENCY" "$APP_ENV" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
duration, rounds, conns, ab_n, ab_c, app_env = sys.argv[2:8]
by = {}
for tool, route, target, rps, cpu in rows:
    by.setdefault((tool, route, target), []).append((float(rps), float(cpu)))
med = lambda xs: statistics.median(xs)
print(f"wrk -t2 -c{conns} -d{duration}s, median of {rounds} alternating rounds; ab -n {ab_n} -c {ab_c}, one run each."
      + (f" App environment: {app_env}." if app_env else ""))
print(f"{'tool':<5}{'route':<28}{'minimal req/s':>14}{'app req/s':>12}{'app÷minimal':>13}{'nginx req/s':>13}{'load gen CPU':>14}")
for tool, route in dict.fromkeys((t, r) for t, r, _ in by):
    m, a, n = by.get((tool, route, "minimal")), by.get((tool, route, "app")), by.get((tool, route, "nginx"))
    if not m or not a:
        continue
    mr, ar = med([x[0] for x in m]), med([x[0] for x in a])
    cpu = f"{med([x[1] for x in m]):.0f}% / {med([x[1] for x in a]):.0f}%"
    nginx = f"{med([x[0] for x in n]):,.0f}" if n else "-"
    print(f"{tool:<5}{route:<28}{mr:>14,.0f}{ar:>12,.0f}{ar / mr:>12.2f}×{nginx:>13}{cpu:>14}")
    if r := by.get((tool, route, "app-root")):
        rr = med([x[0] for x in r])
        cpu = f"{med([x[1] for x in m]):.0f}% / {med([x[1] for x in r]):.0f}%"
        print(f"{tool:<5}{route + ', from repo root':<28}{mr:>14,.0f}{rr:>12,.0f}{rr / mr:>12.2f}×{'-':>13}{cpu:>14}")
print("app: started from its own folder, as the sweep starts it; 'from repo root': the same build started from the")
print("repository root, which must cost the same (the content root and the log levels do not depend on the folder).")
print("load gen CPU: the load generator's own CPU while measuring minimal / app, as a share of all cores; above ~50% on")
print("2 cores it competes with the server for CPU, so compare the ratio, not the absolute figures.")
PY
if [ "${PIECES:-0}" = 1 ]; then
  echo
  DURATION=$DURATION ROUNDS=$ROUNDS CONNECTIONS=$CONNECTIONS APP_ENV=$APP_ENV bench/pipeline.sh
fi
