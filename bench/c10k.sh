#!/usr/bin/env bash
# C10k with the field report's exact command, `ab -n 100000 -c 10000`: 10,000 concurrent connections against the lab
# app's baseline route (/hello), the smallest ASP.NET Core app answering the same (bench/MinimalApp) and a static
# server (nginx serving the same bytes), in one run, alternating targets round by round. One table: req/s, failed,
# p50/p95/p99 (ab's percentiles), each target ÷ nginx, and ab's own CPU (it shares the cores).
#
#   bench/c10k.sh                               # 100,000 requests × 10,000 concurrent, 2 rounds per target
#   REQUESTS=20000 CONCURRENCY=2500 ROUNDS=1 bench/c10k.sh   # a quicker look
#
# The report it reproduces: an epoll + thread-pool server held 10,000 connections on a 162-byte page: 18,836 req/s,
# 0 failed, median 530 ms, 99% 1467 ms. The kernel limits that decide whether 10,000 fit are printed first.
# Needs: the .NET SDK, ab (apt-get install apache2-utils), python3, curl; nginx (nginx-light) for the reference row.
set -euo pipefail
cd "$(dirname "$0")/.."

REQUESTS=${REQUESTS:-100000}
CONCURRENCY=${CONCURRENCY:-10000}
ROUNDS=${ROUNDS:-2}
APP_PORT=5291 MIN_PORT=5292 NGINX_PORT=5293

for tool in ab python3 curl; do command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install apache2-utils)" >&2; exit 1; }; done
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [ "$(ulimit -n)" -le "$CONCURRENCY" ]; then
  echo "ulimit -n is $(ulimit -n): ab needs more than $CONCURRENCY open files. Raise the hard limit (limits.conf) or lower CONCURRENCY." >&2
  exit 1
fi

echo "kernel: somaxconn $(cat /proc/sys/net/core/somaxconn), tcp_max_syn_backlog $(cat /proc/sys/net/ipv4/tcp_max_syn_backlog)," \
  "ephemeral ports $(tr '\t' '-' </proc/sys/net/ipv4/ip_local_port_range), open files $(ulimit -n); the app's listen backlog:" \
  "Connections__ListenBacklog (default 16384, capped at somaxconn)" >&2

echo "building the app and bench/MinimalApp (Release)..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet build bench/MinimalApp -c Release --nologo -v q >/dev/null

WORK=$(mktemp -d)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

start() { # name port dll
  local name=$1 port=$2 dll=$3
  (cd "$(dirname "$dll")" && exec env ASPNETCORE_ENVIRONMENT=Production dotnet "$(basename "$dll")" --urls "http://127.0.0.1:$port") >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/hello" >/dev/null && return 0; sleep 0.1; done
  echo "$name did not start: $(cat "$WORK/$name.log")" >&2; exit 1
}

start app $APP_PORT src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll
start minimal $MIN_PORT bench/MinimalApp/bin/Release/net10.0/MinimalApp.dll
TARGETS="app minimal"

NGINX_BIN=$(command -v nginx || echo /usr/sbin/nginx)
if [ -x "$NGINX_BIN" ]; then
  mkdir -p "$WORK/nginx/www" && chmod 755 "$WORK"  # nginx workers run as nobody when started by root
  curl -s "http://127.0.0.1:$APP_PORT/hello" >"$WORK/nginx/www/hello"
  cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1; pid $WORK/nginx/nginx.pid; error_log $WORK/nginx/error.log; daemon off;
worker_rlimit_nofile 65536;
events { worker_connections 20000; }
http { access_log off; server { listen 127.0.0.1:$NGINX_PORT backlog=16384; root $WORK/nginx/www; default_type application/json; } }
CONF
  "$NGINX_BIN" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" >/dev/null 2>&1 &
  PIDS+=($!)
  sleep 0.5
  if curl -sf "http://127.0.0.1:$NGINX_PORT/hello" >/dev/null; then TARGETS="nginx $TARGETS"; else echo "nginx did not start; no reference row" >&2; fi
fi

port_of() { case $1 in app) echo $APP_PORT ;; minimal) echo $MIN_PORT ;; nginx) echo $NGINX_PORT ;; esac; }

echo "warming up..." >&2
for target in $TARGETS; do ab -q -n 20000 -c 100 "http://127.0.0.1:$(port_of "$target")/hello" >/dev/null 2>&1 || true; done

: >"$WORK/rows"
for round in $(seq 1 "$ROUNDS"); do
  for target in $TARGETS; do
    echo "ab -n $REQUESTS -c $CONCURRENCY /hello on $target, round $round/$ROUNDS..." >&2
    /usr/bin/time -f "%U %S %e" -o "$WORK/time" ab -q -r -n "$REQUESTS" -c "$CONCURRENCY" "http://127.0.0.1:$(port_of "$target")/hello" >"$WORK/out" 2>&1 || true
    awk -v t="$target" -v cores="$(nproc)" -v timefile="$WORK/time" '
      /^Requests per second/ {rps=$4} /^Failed requests/ {failed=$3} /^Complete requests/ {done=$3}
      /^  50%/ {p50=$2} /^  95%/ {p95=$2} /^  99%/ {p99=$2}
      END { getline line < timefile; split(line, f, " "); cpu = 100 * (f[1] + f[2]) / (f[3] * cores);
            printf "%s %s %s %s %s %s %s %.0f\n", t, rps+0, done+0, failed+0, p50+0, p95+0, p99+0, cpu }' "$WORK/out" >>"$WORK/rows"
  done
done

python3 - "$WORK/rows" "$REQUESTS" "$CONCURRENCY" "$ROUNDS" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
requests, concurrency, rounds = sys.argv[2:5]
by = {}
for target, rps, done, failed, p50, p95, p99, cpu in rows:
    by.setdefault(target, []).append(tuple(float(x) for x in (rps, done, failed, p50, p95, p99, cpu)))
med = lambda i, xs: statistics.median(x[i] for x in xs)
nginx = med(0, by["nginx"]) if "nginx" in by else None
print(f"ab -n {requests} -c {concurrency} /hello, median of {rounds} alternating rounds (latencies in ms, ab's percentiles)")
print(f"{'target':<10}{'req/s':>10}{'÷ nginx':>9}{'complete':>10}{'failed':>8}{'p50':>7}{'p95':>7}{'p99':>7}{'ab CPU':>8}")
for target in ("nginx", "minimal", "app"):
    if target not in by:
        continue
    xs = by[target]
    ratio = f"{med(0, xs) / nginx:.2f}×" if nginx else "-"
    print(f"{target:<10}{med(0, xs):>10,.0f}{ratio:>9}{med(1, xs):>10,.0f}{med(2, xs):>8,.0f}{med(3, xs):>7,.0f}{med(4, xs):>7,.0f}{med(5, xs):>7,.0f}{med(6, xs):>7,.0f}%")
print("app = the lab's app (Server-Timing, sampler, validation); minimal = bench/MinimalApp; nginx = the same bytes, static.")
PY
