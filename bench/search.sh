#!/usr/bin/env bash
# The capacity search before and after the laws led it: the same sweep with `--search grid` (the declared steps first,
# every repeat run, a miss while k6 was short of CPU ends the climb) and `--search on` (the laws' predicted knee after
# the lightest step, repeats stopped once their majority is certain, such a miss narrowed below it), alternating on the
# same machine. Per variant and strategy: the probes, the time (first to last sample of its probes' apps), the capacity
# and its bracket; then each strategy's wall time per round.
#
#   bench/search.sh                                # the standard sweep of all six, one round of each (about an hour on 2 cores)
#   ROUNDS=2 bench/search.sh                       # grid, on, then on, grid
#   EXPERIMENTS="sleep db" PROFILE=quick bench/search.sh
#   EXPERIMENTS=sleep:sync PROFILE=quick ARGS="--warmup 1 --step-seconds 2" bench/search.sh   # a check in two minutes
#   DRY_RUN=1 bench/search.sh                      # each sweep's plan (--dry-run): checks the arguments, runs nothing
#   REUSE=1 OUT=/tmp/search bench/search.sh        # no sweeps: the table of the runs already in OUT
#   TABLE="1-grid 1-on 2-on" OUT=/tmp/search bench/search.sh   # the table of these runs in OUT (ROUND-SEARCH folders)
# Needs: the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6), PostgreSQL's server programs for db and audit, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-standard}
ROUNDS=${ROUNDS:-1}
EXPERIMENTS=${EXPERIMENTS:-}
ARGS=${ARGS:-}
OUT=${OUT:-$(mktemp -d)}
command -v python3 >/dev/null || { echo "missing: python3" >&2; exit 1; }
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number from 1; got '$ROUNDS'" >&2; exit 1; }
source bench/lib/find-k6.sh

echo "building the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll
args=(--profile "$PROFILE")
for experiment in $EXPERIMENTS; do args+=(-e "$experiment"); done
read -r -a extra <<<"$ARGS"
args+=("${extra[@]}")

started=$SECONDS
runs=()
[ -n "${TABLE:-}" ] && { read -r -a runs <<<"$TABLE"; ROUNDS=0; }
for round in $(seq 1 "$ROUNDS"); do
  # Alternating which goes first, so that a machine that drifts during the bench favours neither.
  order=(grid on)
  [ $((round % 2)) = 0 ] && order=(on grid)
  for search in "${order[@]}"; do
    dir=$OUT/$round-$search
    runs+=("$round-$search")
    if [ "${DRY_RUN:-0}" = 1 ]; then
      echo "== round $round, --search $search: capacity sweep ${args[*]} --search $search --out $dir --dry-run"
      K6_PATH=$K6 dotnet "$CAPACITY" sweep "${args[@]}" --search "$search" --out "$dir" --dry-run
      continue
    fi
    if [ "${REUSE:-0}" = 1 ] && [ -f "$dir/results.json" ]; then continue; fi
    printf '[%4d s] round %d, --search %s: capacity sweep %s\n' $((SECONDS - started)) "$round" "$search" "${args[*]}" >&2
    begun=$SECONDS
    if ! K6_PATH=$K6 dotnet "$CAPACITY" sweep "${args[@]}" --search "$search" --out "$dir" >"$dir.log" 2>&1; then
      echo "the sweep (round $round, --search $search) failed; its output: $dir.log" >&2
      tail -5 "$dir.log" >&2
      exit 1
    fi
    echo $((SECONDS - begun)) >"$dir.seconds"
  done
done
[ "${DRY_RUN:-0}" = 1 ] && exit 0
echo "took $(((SECONDS - started) / 60)) min; reports in $OUT" >&2

python3 - "$OUT" "${runs[@]}" <<'PY'
import json, os, sys
out, runs = sys.argv[1], sys.argv[2:]

def count(n):
    return f"{n:,}"

def capacity(variant):
    c = variant.get("capacity")
    if not c:
        return "none", variant.get("noCapacityBecause") or "no load met"
    if c.get("atLeastBecause"):
        above = c.get("loadGeneratorMissedAt")
        return f"≥ {count(c['concurrency'])}", (f"{count(c['concurrency'])}–{count(above)}, k6" if above else c["atLeastBecause"])
    return count(c["concurrency"]), f"{count(c['concurrency'])}–{count(c['missedAt'])}"

rows = [("experiment", "variant", "search", "round", "probes", "time", "capacity", "bracket", "started from")]
walls = []
for run in runs:
    round_, search = run.split("-", 1)
    doc = json.load(open(os.path.join(out, run, "results.json")))
    seconds = open(os.path.join(out, run + ".seconds")).read().strip() if os.path.exists(os.path.join(out, run + ".seconds")) else "?"
    walls.append((search, round_, seconds, sum(len(v["steps"]) for e in doc["experiments"] for v in e["variants"])))
    for e in doc["experiments"]:
        for v in e["variants"]:
            stamps = [s["timestampMs"] for s in v.get("timeline") or []]
            span = f"{(max(stamps) - min(stamps)) / 1000:.0f} s" if stamps else "–"
            value, bracket = capacity(v)
            knee = (v.get("capacity") or {}).get("predictedKnee")
            rows.append((e["name"], v["name"], search, round_, str(len(v["steps"])), span, value, bracket,
                         f"the laws' knee, {count(knee)}" if knee else "the declared steps"))
rows[1:] = sorted(rows[1:], key=lambda r: (r[0], r[1], r[2], r[3]))
widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
for r in rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
print()
for search, round_, seconds, probes in walls:
    wall = f"{int(seconds) / 60:.1f} min" if seconds.isdigit() else "?"
    print(f"--search {search:<4} round {round_}: {probes} probes, {wall}")
PY
