#!/usr/bin/env bash
# Does a capacity hold when measured again? The same sweep of the same code, RUNS times per variant (alternating the
# variants' order each round, so a machine that drifts favours none), then per variant: each run's estimate and interval,
# the coverage (the share of runs whose interval holds the median of the other runs' estimates), the median interval's
# width against the range of the estimates, and `capacity compare` of every pair of runs (same code: it should call no
# change). Kalibera & Jones, "Rigorous Benchmarking in Reasonable Time" (ISMM 2013): the launch is the unit of
# replication, and a result is only as good as its interval.
#
#   bench/reproducibility.sh                                  # 5 runs of the five variants below, quick profile (about 50 min)
#   RUNS=3 VARIANTS="sleep:sync db:sync" bench/reproducibility.sh
#   VARIANTS=sleep:sync RUNS=2 ARGS="--warmup 1 --step-seconds 3" bench/reproducibility.sh   # a check in a few minutes
#   REUSE=1 OUT=/tmp/repro bench/reproducibility.sh           # no sweeps: the table of the runs already in OUT
# Reads results.json of this version and of the one before (capacity with a bracket, no interval): a run of the older
# search can be tabled beside a newer one. Needs: the .NET SDK, k6 (K6_PATH, or ../shared/tools/k6), PostgreSQL's server
# programs for db and audit, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
PROFILE=${PROFILE:-quick}
VARIANTS=${VARIANTS:-db:sync audit:bounded connections:async websocket:sync sleep:sync}
ARGS=${ARGS:-}
OUT=${OUT:-$(mktemp -d)}
command -v python3 >/dev/null || { echo "missing: python3" >&2; exit 1; }
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a whole number from 1; got '$RUNS'" >&2; exit 1; }
source bench/lib/find-k6.sh
read -r -a variants <<<"$VARIANTS"
read -r -a extra <<<"$ARGS"

echo "building the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll
mkdir -p "$OUT"
started=$SECONDS

if [ "${REUSE:-0}" != 1 ]; then
  for round in $(seq 1 "$RUNS"); do
    # Round r starts at the r-th variant: each variant runs first, last and between in turn.
    count=${#variants[@]}
    for i in $(seq 0 $((count - 1))); do
      variant=${variants[$(((i + round - 1) % count))]}
      dir=$OUT/${variant//:/-}/$round
      [ -f "$dir/results.json" ] && continue
      mkdir -p "$dir"
      printf '[%5d s] round %d of %d: capacity sweep -e %s --profile %s %s\n' \
        $((SECONDS - started)) "$round" "$RUNS" "$variant" "$PROFILE" "$ARGS" >&2
      begun=$SECONDS
      if ! K6_PATH=$K6 dotnet "$CAPACITY" sweep -e "$variant" --profile "$PROFILE" "${extra[@]}" --out "$dir" \
        >"$dir/sweep.log" 2>&1; then
        echo "the sweep of $variant (round $round) failed; its output: $dir/sweep.log" >&2
        tail -5 "$dir/sweep.log" >&2
        exit 1
      fi
      echo $((SECONDS - begun)) >"$dir/seconds"
    done
  done
  echo "took $(((SECONDS - started) / 60)) min; runs in $OUT" >&2
fi

# Every pair of runs of a variant through `capacity compare`: same code, so a change it calls is a false alarm.
for variant in "${variants[@]}"; do
  base=$OUT/${variant//:/-}
  rounds=$(find "$base" -mindepth 2 -maxdepth 2 -name results.json -printf '%h\n' 2>/dev/null | xargs -rn1 basename | sort -n)
  : >"$base/compare.txt"
  for a in $rounds; do
    for b in $rounds; do
      [ "$a" -lt "$b" ] || continue
      { echo "== $a $b"; dotnet "$CAPACITY" compare "$base/$a" "$base/$b" --out "$base/compare-$a-$b" || true; } \
        >>"$base/compare.txt" 2>&1
    done
  done
done

python3 - "$OUT" "${variants[@]}" <<'PY'
import json, math, os, re, statistics, sys
out, variants = sys.argv[1], sys.argv[2:]

def count(n):
    return f"{n:,.0f}" if n is not None and n != math.inf else "∞"

def interval(capacity):
    """(estimate, low, high, kind) from a capacity of this version (an estimate with its 90% interval) or of the one
    before (a bracket: the largest load that met, the smallest that missed)."""
    if not capacity:
        return None
    estimate = capacity.get("estimate")
    if estimate is not None and not capacity.get("atLeastBecause"):
        # As the report shows it: the capacities the 90% interval allows (the largest whole load at or below each end).
        return capacity["concurrency"], math.floor(estimate["low"] + 1e-9), math.floor(estimate["high"] + 1e-9), "90%"
    low = capacity["concurrency"]
    if capacity.get("atLeastBecause"):
        return low, low, math.inf, "≥"
    return low, low, capacity.get("missedAt") or low, "bracket"

print(f"{'variant':<20} {'run':>3} {'probes':>6} {'time':>7}  {'capacity':>9}  interval")
summary = []
for variant in variants:
    base = os.path.join(out, variant.replace(":", "-"))
    experiment, name = variant.split(":")
    runs = []
    for round_ in sorted((d for d in os.listdir(base) if d.isdigit()), key=int) if os.path.isdir(base) else []:
        path = os.path.join(base, round_, "results.json")
        if not os.path.exists(path):
            continue
        doc = json.load(open(path))
        found = [v for e in doc["experiments"] if e["name"] == experiment for v in e["variants"] if v["name"] == name]
        if not found:
            continue
        v = found[0]
        seconds = open(os.path.join(base, round_, "seconds")).read().strip() if os.path.exists(os.path.join(base, round_, "seconds")) else "?"
        runs.append((round_, len(v["steps"]), seconds, interval(v.get("capacity"))))
    for round_, probes, seconds, iv in runs:
        shown = "none" if iv is None else (f"{count(iv[0])}" if iv[3] != "≥" else f"≥ {count(iv[0])}")
        bracket = "" if iv is None else f"{count(iv[1])}–{count(iv[2])} ({iv[3]})"
        wall = f"{int(seconds) / 60:.1f} min" if seconds.isdigit() else "?"
        print(f"{variant:<20} {round_:>3} {probes:>6} {wall:>7}  {shown:>9}  {bracket}")
    known = [r for r in runs if r[3] is not None]
    covered = 0
    for i, r in enumerate(known):
        others = [o[3][0] for j, o in enumerate(known) if j != i]
        if others and r[3][1] <= statistics.median(others) <= r[3][2]:
            covered += 1
    estimates = [r[3][0] for r in known]
    widths = [r[3][2] - r[3][1] for r in known]
    spread = max(estimates) - min(estimates) if estimates else 0
    width = statistics.median(widths) if widths else 0
    compare = open(os.path.join(base, "compare.txt")).read() if os.path.exists(os.path.join(base, "compare.txt")) else ""
    pairs = compare.count("== ")
    # This version says "a change"; the one before said "higher/lower: the brackets do not overlap".
    called = len(re.findall(r"against the baseline: .*(?:, a change|the brackets do not overlap)", compare))
    summary.append((variant, len(known), covered, width, spread, called, pairs))

print()
print(f"{'variant':<20} {'runs':>4}  {'coverage':>8}  {'median interval':>15}  {'range of estimates':>18}  {'ratio':>5}  compare of same-code pairs")
for variant, n, covered, width, spread, called, pairs in summary:
    ratio = "∞" if width == math.inf else (f"{width / spread:.2f}" if spread > 0 else "–")
    print(f"{variant:<20} {n:>4}  {covered}/{n} {100 * covered / max(n, 1):>3.0f}%  {count(width):>15}  {count(spread):>18}  "
          f"{ratio:>5}  {called} of {pairs} called a change")
PY
