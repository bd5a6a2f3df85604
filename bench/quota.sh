#!/usr/bin/env bash
# What async can do, measured rather than bounded: each awaiting variant swept with the app under a CPU quota small
# enough that k6, on the rest of the machine, reaches the app's knee (`capacity sweep --app-cpus Q`, a CFS quota as a
# Kubernetes pod's limits.cpu sets it). The table gives, per variant and quota: the capacity and whether it was measured
# (the app at its quota, k6 below 80% of the CPUs left to it) or a bound; the throughput at the knee beside what the app
# alone would serve by its own CPU per request (X_max = (quota − idle) ÷ D, D the slope of its busy CPUs over its
# throughput below saturation) and their ratio; k6's CPU at the knee; the share of periods the app was throttled there.
#
#   bench/quota.sh                                          # the cases below, quick profile
#   CASES="sleep:0.25 content:0.25" bench/quota.sh          # some of them
#   PROFILE=standard OUT=/tmp/quota bench/quota.sh
#   REUSE=1 OUT=/tmp/quota bench/quota.sh                   # no sweeps: the runs in OUT tabled again
#   PROBES=12 bench/quota.sh                                # the search's budget per variant (default 8)
#
# Cases: VARIANT:QUOTA, VARIANT an experiment whose awaiting side is swept (sleep, db, content, audit, connections,
# websocket), QUOTA in CPUs. Needs root (or a delegated cgroup tree), the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6),
# PostgreSQL's server programs for db and audit, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-quick}
CASES=${CASES:-"sleep:0.25 sleep:0.5 content:0.25 websocket:0.25 connections:0.25 audit:0.25 db:0.25"}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
source bench/lib/find-k6.sh
command -v python3 >/dev/null || { echo "missing: python3" >&2; exit 1; }

echo "building the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll

started=$SECONDS
for case in $CASES; do
  experiment=${case%%:*} quota=${case#*:}
  dir=$OUT/$experiment-$quota
  if [ "${REUSE:-0}" = 1 ] && [ -f "$dir/results.json" ]; then
    continue
  fi
  case $experiment in
    content) variant=memory ;;
    sleep|db|audit|connections|websocket) variant=async ;;
    *) echo "unknown case '$case': sleep, db, content, audit, connections or websocket, then :QUOTA" >&2; exit 1 ;;
  esac
  args=(-e "$experiment:$variant" --app-cpus "$quota" --probes "${PROBES:-8}")
  # From 100 clients where the declared steps start at 1: at light load the runtime's own work (and the outside reader's
  # session) dominates the app's CPU per request, so the laws' first knee would sit far below the quota's.
  case $experiment in sleep|content) args+=(--steps 100) ;; esac
  printf '[%4d s] %-18s capacity sweep %s\n' $((SECONDS - started)) "$case" "${args[*]}" >&2
  if ! K6_PATH=$K6 dotnet "$CAPACITY" sweep "${args[@]}" --profile "$PROFILE" --stacks off --out "$dir" >"$dir.log" 2>&1; then
    echo "the sweep of $case failed; its output: $dir.log" >&2
    tail -5 "$dir.log" >&2
    exit 1
  fi
done
echo "took $(((SECONDS - started) / 60)) min; reports in $OUT ($(date -u +%F), $(git rev-parse --short HEAD))" >&2

python3 - "$OUT" $CASES <<'PY'
import json, sys
out, cases = sys.argv[1], sys.argv[2:]
rows = [("variant", "quota", "capacity", "limit", "req/s at knee", "app alone X_max (90%)", "measured ÷ X_max",
         "k6 of its CPUs", "throttled")]
for case in cases:
    experiment, quota = case.split(":")
    doc = json.load(open(f"{out}/{experiment}-{quota}/results.json"))
    variant = doc["experiments"][0]["variants"][0]
    c = variant.get("capacity") or {}
    limit, alone = c.get("limit") or {}, c.get("appAlone")
    estimate = c.get("estimate")
    bound = c.get("atLeastBecause") or limit.get("side") != "app"
    capacity = ("≥ " if bound else "") + str(c.get("concurrency", "none")) + (
        f" ({int(estimate['low'])}–{int(estimate['high'])})" if estimate and not bound else "")
    # The knee's throughput: the busiest probe that met the SLA, where the app ran at its quota.
    met = [s for s in variant["steps"] if s["meetsSla"]]
    busiest = max(met, key=lambda s: s["rps"]) if met else None
    knee_rps = busiest["rps"] if busiest else 0
    throttling = (busiest or {}).get("throttling") or {}
    throttled = f"{throttling['throttledPeriods'] / throttling['periods']:.0%}" if throttling.get("periods") else "–"
    x_max = f"{alone['maxRps']:,.0f} ({alone['maxRpsLow']:,.0f}–{alone['maxRpsHigh']:,.0f})" if alone else "–"
    ratio = f"{knee_rps / alone['maxRps']:.2f}" if alone and alone["maxRps"] else "–"
    k6 = f"{limit['loadGeneratorPercent']:.0f}%" if limit.get("loadGeneratorPercent") is not None else "–"
    rows.append((experiment + ":" + variant["name"], quota, capacity, limit.get("side", "–"), f"{knee_rps:,.0f}", x_max, ratio, k6,
                 throttled))
widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
for r in rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
PY
