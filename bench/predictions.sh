#!/usr/bin/env bash
# Predicted, then measured: change the resource that binds a variant and check that its measured knee moves as the
# operational laws predict. Each case is one `capacity sweep` of one variant (fresh app per probe, the capacity search);
# the table gives, per case, the resource's value, the binding resource the laws named, the predicted and the measured
# capacity (with its bracket), measured ÷ predicted, and k6's CPU at the knee (k6 and the app share the machine: a knee
# where k6 was short of CPU measures k6).
#
#   bench/predictions.sh                                   # the nine cases below, quick profile (about 15 min on 2 cores)
#   CASES="threads:4 pool:20" bench/predictions.sh         # some of them
#   PROFILE=standard OUT=/tmp/predictions bench/predictions.sh
#   REUSE=1 OUT=/tmp/predictions bench/predictions.sh     # no sweeps: read the runs in OUT again with this build's laws
#
# Cases: threads:N  sleep sync (Thread.Sleep 500 ms) with --min-threads N: c threads ÷ 500 ms.
#        pool:N     db async (the database waits 50 ms) with --db-pool-size N: N connections ÷ 50 ms.
#        writers:N  audit bounded with Audit__BoundedWriters=N: N writers ÷ (30 ms + the insert). The pool starts with 64
#                   threads and the hand-off queue is unbounded, so that neither the pool's growth nor the 503s of a full
#                   queue hide the writers.
# Needs: the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6), PostgreSQL's server programs for db and audit, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-quick}
CASES=${CASES:-"threads:4 threads:8 threads:16 pool:10 pool:20 pool:40 writers:5 writers:10 writers:25"}
OUT=${OUT:-$(mktemp -d)}
source bench/lib/find-k6.sh
command -v python3 >/dev/null || { echo "missing: python3" >&2; exit 1; }

echo "building the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll

started=$SECONDS
for case in $CASES; do
  if [ "${REUSE:-0}" = 1 ] && [ -f "$OUT/${case%%:*}-${case#*:}/results.json" ]; then
    # The same probes read again: predictions left out, so that `capacity report` works them out with this build.
    dir=$OUT/${case%%:*}-${case#*:}
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
for e in d["experiments"]:
    for v in e["variants"]: v.pop("prediction", None)
json.dump(d, open(sys.argv[2], "w"))' "$dir/results.json" "$dir/probes.json"
    dotnet "$CAPACITY" report "$dir/probes.json" --out "$dir" >/dev/null
    continue
  fi
  kind=${case%%:*} value=${case#*:}
  case $kind in
    threads) args=(-e sleep:sync --min-threads "$value") ;;
    pool) args=(-e db:async --db-pool-size "$value") ;;
    writers) args=(-e audit:bounded --min-threads 64 --app-setting "Audit__BoundedWriters=$value" --app-setting Audit__BoundedQueueCapacity=1000000) ;;
    *) echo "unknown case '$case': threads:N, pool:N or writers:N" >&2; exit 1 ;;
  esac
  printf '[%3d s] %-12s capacity sweep %s\n' $((SECONDS - started)) "$case" "${args[*]}" >&2
  if ! K6_PATH=$K6 dotnet "$CAPACITY" sweep "${args[@]}" --profile "$PROFILE" --stacks off --out "$OUT/$kind-$value" >"$OUT/$kind-$value.log" 2>&1; then
    echo "the sweep of $case failed; its output: $OUT/$kind-$value.log" >&2
    tail -5 "$OUT/$kind-$value.log" >&2
    exit 1
  fi
done
echo "took $(((SECONDS - started) / 60)) min; reports in $OUT" >&2

python3 - "$OUT" $CASES <<'PY'
import json, sys
out, cases = sys.argv[1], sys.argv[2:]
names = {"threads": "--min-threads", "pool": "--db-pool-size", "writers": "Audit__BoundedWriters"}
rows = [("resource", "value", "binding (laws)", "predicted", "measured", "bracket", "measured ÷ the laws' bound", "reading", "k6 CPU at the knee")]
for case in cases:
    kind, value = case.split(":")
    doc = json.load(open(f"{out}/{kind}-{value}/results.json"))
    variant = doc["experiments"][0]["variants"][0]
    p, c = variant.get("prediction"), variant.get("capacity")
    knee = (c or {}).get("missedAt") or (c or {}).get("concurrency")
    k6 = [s.get("loadGeneratorCpuPercent") for s in variant["steps"] if s["concurrency"] == knee and s.get("loadGeneratorCpuPercent") is not None]
    measured = c["concurrency"] if c else 0
    bracket = "none met" if not c else (f"≥ {measured}" if c.get("atLeastBecause") else f"{measured}–{c.get('missedAt')}")
    ratio = f"{measured / p['meanLoad']:.2f}" if p and p["meanLoad"] else "–"
    predicted = (f"{p['load']}–{p['meanLoad']}" if p["meanLoad"] > p["load"] else str(p["load"])) if p else "–"
    rows.append((names[kind], value, p["binding"]["name"] if p else "–", predicted, str(measured), bracket, ratio,
                 (p["outcome"] + (f" ({p['why']})" if p.get("why") else "")) if p else "–", f"{max(k6):.0f}%" if k6 else "–"))
widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
for r in rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
PY
