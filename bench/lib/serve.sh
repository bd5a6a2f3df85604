# Sourced by overhead.sh and pipeline.sh: the lab's app and bench/MinimalApp built in Release, started on loopback ports
# (killed on exit), and one measurement with wrk or ab that reports the load generator's CPU beside its req/s.
# Sets APP_DLL, MINIMAL_DLL, WORK (a scratch folder) and PIDS; needs CONNECTIONS, DURATION, AB_REQUESTS, AB_CONCURRENCY.
for tool in wrk ab python3 curl /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install wrk apache2-utils time)" >&2; exit 1; }
done
ulimit -n 65536 2>/dev/null || true

echo "building the app and bench/MinimalApp (Release)..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet build bench/MinimalApp -c Release --nologo -v q >/dev/null
APP_DLL=src/AsyncCapacity.Web/bin/Release/net10.0/AsyncCapacity.Web.dll
MINIMAL_DLL=bench/MinimalApp/bin/Release/net10.0/MinimalApp.dll

WORK=$(mktemp -d)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

start() { # name port dll directory [env...]: runs dll from directory, waits until /hello answers
  local name=$1 port=$2 dll directory=$4
  dll=$(realpath "$3"); shift 4
  (cd "$directory" && exec env "$@" ASPNETCORE_ENVIRONMENT=Production dotnet "$dll" --urls "http://127.0.0.1:$port") >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$port/hello" >/dev/null && return 0; sleep 0.1; done
  echo "$name did not start: $(cat "$WORK/$name.log")" >&2; exit 1
}

# CPU seconds a process has used (user + system, from /proc), so a figure can be had per request.
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); printf "%.2f", ($12 + $13) / hz }' "/proc/$1/stat"; }

# One measurement: "req/s loadgen-cpu% [server-cpu-µs-per-request]"; the load generator's CPU is its user+system time ÷
# (elapsed × cores); the server's CPU per request (given its pid) is the utilization law's service demand, which holds
# better than req/s when other work shares the cores.
measure() { # tool port route [server-pid]
  local tool=$1 url="http://127.0.0.1:$2$3" pid=${4:-} rps failed requests before=0 per_request=""
  [ -n "$pid" ] && before=$(cpu_seconds "$pid")
  if [ "$tool" = wrk ]; then
    /usr/bin/time -f "%U %S %e" -o "$WORK/time" wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" "$url" >"$WORK/out" 2>&1 || true
    rps=$(awk '/^Requests\/sec/ {print $2}' "$WORK/out")
    requests=$(awk '/ requests in / {print $1}' "$WORK/out")
  else
    /usr/bin/time -f "%U %S %e" -o "$WORK/time" ab -q -n "$AB_REQUESTS" -c "$AB_CONCURRENCY" "$url" >"$WORK/out" 2>&1 || true
    rps=$(awk '/^Requests per second/ {print $4}' "$WORK/out")
    requests=$(awk '/^Complete requests/ {print $3}' "$WORK/out")
    failed=$(awk '/^Failed requests/ {print $3}' "$WORK/out")
    [ "${failed:-0}" = 0 ] || echo "warning: ab had $failed failed requests on $url" >&2
  fi
  [ -n "$pid" ] && per_request=$(awk -v a="$before" -v b="$(cpu_seconds "$pid")" -v n="${requests:-0}" \
    'BEGIN { printf "%.1f", (n > 0 ? (b - a) * 1e6 / n : 0) }')
  echo "${rps:-0} $(awk -v cores="$(nproc)" '{ printf "%.0f", 100 * ($1 + $2) / ($3 * cores) }' "$WORK/time") $per_request"
}

# The machine's state beside the figures: other work on the shared cores moves them.
machine() { echo "$(date '+%Y-%m-%d %H:%M'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"; }
