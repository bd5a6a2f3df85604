#!/usr/bin/env bash
# What async can do, measured rather than bounded: each awaiting variant swept with the app under a CPU quota small
# enough that k6, on the rest of the machine, reaches the app's knee (`capacity sweep --app-cpus Q --demand`, a CFS quota
# as a Kubernetes pod's limits.cpu sets it). The table gives, per variant and quota: the capacity and whether it was
# measured (the app at its quota, k6 below 80% of the CPUs left to it) or a bound; what the app alone would serve by its
# own CPU per request, read at four fixed loads below saturation (--demand): D, the CPU it spends whatever the load, the
# clients within the SLA and X_max = (quota − idle) ÷ D; the throughput at the knee against X_max; k6's CPU at the knee;
# the share of periods the app was throttled there.
#
#   bench/quota.sh                                          # the cases below, quick profile
#   CASES="sleep:0.25 content:0.25" bench/quota.sh          # some of them
#   PROFILE=standard OUT=/tmp/quota bench/quota.sh
#   REUSE=1 OUT=/tmp/quota bench/quota.sh                   # the runs already in OUT kept, only the missing ones swept
#   RENDER=1 bench/quota.sh                                 # no build, no sweeps: docs/findings.md's table from docs/runs/quota
#   PROBES=12 bench/quota.sh                                # the search's budget per variant (default 8)
#   RECORD=1 bench/quota.sh                                 # keep the runs in docs/runs/quota, the table in docs/findings.md
#
# Cases: VARIANT:QUOTA, VARIANT an experiment whose awaiting side is swept (sleep, db, content, audit, connections,
# websocket), QUOTA in CPUs. Needs root (or a delegated cgroup tree), the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6),
# PostgreSQL's server programs for db and audit, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-quick}
CASES=${CASES:-"sleep:0.25 sleep:0.5 content:0.25 content:0.5 audit:0.25 db:0.25 connections:0.25 websocket:0.25"}
RECORDED=docs/runs/quota
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
command -v python3 >/dev/null || { echo "missing: python3" >&2; exit 1; }

sweep_all() {
  source bench/lib/find-k6.sh
  echo "building the CLI (Release)..." >&2
  dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
  local capacity=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll started=$SECONDS
  for case in $CASES; do
    local experiment=${case%%:*} quota=${case#*:} variant
    local dir=$OUT/$experiment-$quota
    if [ "${REUSE:-0}" = 1 ] && [ -f "$dir/results.json" ]; then
      continue
    fi
    case $experiment in
      content) variant=memory ;;
      sleep|db|audit|connections|websocket) variant=async ;;
      *) echo "unknown case '$case': sleep, db, content, audit, connections or websocket, then :QUOTA" >&2; exit 1 ;;
    esac
    local args=(-e "$experiment:$variant" --app-cpus "$quota" --probes "${PROBES:-8}" --demand)
    # From 100 clients where the declared steps start at 1: at light load the runtime's own work (and the outside reader's
    # session) dominates the app's CPU per request, so the laws' first knee would sit far below the quota's.
    case $experiment in sleep|content) args+=(--steps 100) ;; esac
    printf '[%4d s] %-18s capacity sweep %s\n' $((SECONDS - started)) "$case" "${args[*]}" >&2
    if ! K6_PATH=$K6 dotnet "$capacity" sweep "${args[@]}" --profile "$PROFILE" --stacks off --out "$dir" >"$dir.log" 2>&1; then
      echo "the sweep of $case failed; its output: $dir.log" >&2
      tail -5 "$dir.log" >&2
      exit 1
    fi
  done
  echo "took $(((SECONDS - started) / 60)) min; reports in $OUT ($(date -u +%F), $(git rev-parse --short HEAD))" >&2
  if [ "${RECORD:-0}" = 1 ]; then
    mkdir -p "$RECORDED"
    for case in $CASES; do
      dotnet "$capacity" docs keep "$OUT/${case%%:*}-${case#*:}/results.json" "$RECORDED/${case%%:*}-${case#*:}.json" >/dev/null
    done
  fi
}

if [ "${RENDER:-0}" = 1 ]; then
  RECORD=1
else
  sweep_all
fi
[ "${RECORD:-0}" = 1 ] && OUT=$RECORDED

python3 - "$OUT" "${RECORD:-0}" "bench/quota.sh" $CASES <<'PY'
import json, sys
out, record, command, cases = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4:]

def n(value):
    return f"{value:,.0f}"

def us(seconds):
    return f"{seconds * 1e6:,.0f}"

rows = [("variant", "quota", "capacity (90%) at its horizon", "limit", "app alone: clients", "D µs (90%)", "idle CPU", "req/s at knee",
         "X_max (90%)", "knee ÷ X_max", "k6 of its CPUs", "throttled")]
dates = set()
for case in cases:
    experiment, quota = case.split(":")
    doc = json.load(open(f"{out}/{experiment}-{quota}.json" if record else f"{out}/{experiment}-{quota}/results.json"))
    dates.add(doc["run"]["startedAt"][:10])
    variant = doc["experiments"][0]["variants"][0]
    c = variant.get("capacity") or {}
    limit, alone, estimate = c.get("limit") or {}, c.get("appAlone"), c.get("estimate")
    bound = c.get("atLeastBecause") is not None or limit.get("side") != "app"
    interval = f" ({n(estimate['low'])}–{n(estimate['high'])})" if estimate else ""
    # As the report reads it (KneeHorizon.Of): the windows that decided the knee, else the profile's warm-up and window.
    settings = doc["run"]["settings"]
    horizon = f" at {c.get('horizonSeconds') or settings['warmupSeconds'] + settings['stepSeconds']:g} s" if c else ""
    capacity = ("≥ " if bound else "") + (n(c["concurrency"]) if "concurrency" in c else "none") + interval + horizon
    knee = [s for s in variant["steps"] if s["meetsSla"] and s["concurrency"] <= c.get("concurrency", 0)]
    at_knee = max(knee, key=lambda s: s["concurrency"]) if knee else None
    throttling = (at_knee or {}).get("throttling") or {}
    throttled = f"{throttling['throttledPeriods'] / throttling['periods']:.0%}" if throttling.get("periods") else "–"
    if alone:
        clients = n(alone["load"]) + (f"–{n(alone['meanLoad'])}" if alone["meanLoad"] > alone["load"] else "")
        demand = f"{us(alone['demandSeconds'])} ({us(alone['demandLowSeconds'])}–{us(alone['demandHighSeconds'])})" + (
            "" if alone.get("rates") else " search")
        x_max = f"{n(alone['maxRps'])} ({n(alone['maxRpsLow'])}–{n(alone['maxRpsHigh'])})"
        ratio = f"{c.get('rps', 0) / alone['maxRps']:.2f}"
        idle = f"{alone.get('idleCpus', 0):.2f}"
    else:
        clients = demand = x_max = ratio = idle = "–"
    k6 = f"{limit['loadGeneratorPercent']:.0f}%" if limit.get("loadGeneratorPercent") is not None else "–"
    rows.append((experiment + " " + variant["name"], quota, capacity, limit.get("side", "–"), clients, demand, idle,
                 n(c.get("rps", 0)), x_max, ratio, k6, throttled))

if record:
    table = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])] + ["| " + " | ".join(r) + " |" for r in rows[1:]]
    begin, end = "<!-- quota: bench/quota.sh -->", "<!-- /quota -->"
    text = open("docs/findings.md", encoding="utf-8").read()
    if begin not in text:
        sys.exit(f"docs/findings.md has no {begin} ... {end} section to write the table into")
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    recorded = (f"Recorded by `RECORD=1 {command}` ({', '.join(sorted(dates))}; the runs: "
                f"[docs/runs/quota](runs/quota)):")
    open("docs/findings.md", "w", encoding="utf-8").write(
        head + begin + "\n" + recorded + "\n\n" + "\n".join(table) + "\n" + end + tail)
    print("docs/findings.md: the quota table written from docs/runs/quota", file=sys.stderr)
widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
for r in rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
PY
