#!/bin/sh
# Runs the sweep (k6-scripts/sweep.js) of every declared experiment in turn, one results file each: what the k6
# service of docker-compose.yml runs (grafana/k6 image, busybox sh). It runs the same anywhere k6 is on PATH:
#
#   mkdir -p results && RESULTS_DIR=results BASE_URL=http://127.0.0.1:5080 sh k6-scripts/run-all.sh
#
#   EXPERIMENTS   which experiments, in order (default: every experiments/*.json, in its declared "order"; commas or spaces)
#   EXPERIMENTS_DIR  where the declarations are (default: experiments/ beside k6-scripts/); passed on to k6
#   RESULTS_DIR   where <experiment>-k6.json go (default /results); it must exist. It holds one run: the
#                 *-k6.json files of an earlier run are removed first, so a report of the folder shows this run only
#   K6_PATH       the k6 binary (default: k6 on PATH)
#   everything else (BASE_URL, SET, STEPS, VARIANTS, WARMUP_SECONDS, STEP_SECONDS, COOLDOWN_SECONDS, SLA_P95_MS,
#   SLA_ERROR_RATE, REQUEST_TIMEOUT) goes to every sweep unchanged; unset or empty means each declaration's default.
#   SET takes experiment.name=value entries (SET=sleep.ms=200,db.ms=20): each sweep uses its own. See k6-scripts/README.md.
#
# Exit code 0 when every sweep ran to the end, whether or not its steps met the SLA (k6's exit code 99 means
# "a step missed the SLA": a finding, not a failure). 1 when a sweep could not run; the message says why.
set -u

here=$(cd "$(dirname "$0")" && pwd)
export EXPERIMENTS_DIR="${EXPERIMENTS_DIR:-$(cd "$here/../experiments" 2>/dev/null && pwd)}"
k6=${K6_PATH:-k6}
results_dir=${RESULTS_DIR:-/results}
cooldown=${COOLDOWN_SECONDS:-25}

say() { printf 'run-all: %s\n' "$*"; }
fail() { printf 'run-all: error: %s\n' "$*" >&2; exit 1; }

# Everything that can be checked is checked before the first sweep, so a mistake costs seconds, not minutes.
command -v "$k6" >/dev/null 2>&1 \
  || fail "k6 not found ('$k6'): install k6 v2.2.0 (https://grafana.com/docs/k6/latest/set-up/install-k6/) or set K6_PATH to the binary"
[ -n "$EXPERIMENTS_DIR" ] && [ -d "$EXPERIMENTS_DIR" ] \
  || fail "no experiments/ folder beside $here: set EXPERIMENTS_DIR to the folder of the *.json declarations"

# Every declaration's id, in its declared "order" (each file keeps "order" on a line of its own, as the repository's do).
declared() {
  for file in "$EXPERIMENTS_DIR"/*.json; do
    case $file in *.schema.json) continue ;; esac
    order=$(sed -n 's/^ *"order": *\([0-9][0-9]*\).*/\1/p' "$file" | head -n 1)
    printf '%s %s\n' "${order:-999}" "$(basename "$file" .json)"
  done | sort -n | cut -d' ' -f2
}

# The experiments become the positional parameters (split on commas and spaces, never globbed).
chosen=${EXPERIMENTS:-$(declared)}
set -f
# shellcheck disable=SC2046
set -- $(printf '%s' "$chosen" | tr ',' ' ')
set +f
[ $# -gt 0 ] || fail "EXPERIMENTS is empty: name at least one of: $(declared | tr '\n' ' ')"
for experiment in "$@"; do
  [ -f "$EXPERIMENTS_DIR/$experiment.json" ] \
    || fail "unknown experiment '$experiment' in EXPERIMENTS: there is no $EXPERIMENTS_DIR/$experiment.json (declared: $(declared | tr '\n' ' '))"
done
[ -d "$results_dir" ] || fail "results directory $results_dir does not exist: create it (mkdir -p $results_dir) or set RESULTS_DIR"
[ -w "$results_dir" ] || fail "results directory $results_dir is not writable by user $(id -u): give it to that user or set RESULTS_DIR"
rm -f -- "$results_dir"/*-k6.json

# How long a sweep lasts, for the user watching (steps × variants of warm-up + measure, cool-downs in between).
# Unset STEPS and VARIANTS mean the declaration's: its "steps" list, and as many variants as it declares.
estimate() { # experiment
  file="$EXPERIMENTS_DIR/$1.json"
  steps=${STEPS:-$(tr -d '\n' <"$file" | sed -n 's/.*"steps": *\[\([0-9, ]*\)\].*/\1/p' | tr -d ' ')}
  variants=${VARIANTS:-$(grep -o '"blocking"' "$file" | tr '\n' ',' | sed 's/,$//')}
  awk -v steps="$steps" -v variants="$variants" \
      -v warmup="${WARMUP_SECONDS:-5}" -v measure="${STEP_SECONDS:-20}" -v cooldown="$cooldown" 'BEGIN {
    n = split(steps, s, ",") * split(variants, v, ",")
    total = n * (warmup + measure) + (n - 1) * cooldown
    printf "%d step%s, about %d min %02d s", n, n == 1 ? "" : "s", total / 60, total % 60
  }' 2>/dev/null
}

say "experiments: $*; target ${BASE_URL:-http://127.0.0.1:5080}; results in $results_dir"
count=$#
index=0
ran=""
for experiment in "$@"; do
  index=$((index + 1))
  if [ "$index" -gt 1 ] && [ "$cooldown" != 0 ]; then
    # The app is not restarted between experiments: let the pool threads the last one grew retire (~20 s idle).
    say "cooling down ${cooldown} s before $experiment"
    sleep "$cooldown" || fail "COOLDOWN_SECONDS='$cooldown' is not a number of seconds"
  fi
  file="$results_dir/$experiment-k6.json"
  say "[$index/$count] $experiment: $(estimate "$experiment"); EXPERIMENT=$experiment k6 run $here/sweep.js -> $file"
  EXPERIMENT="$experiment" RESULTS_FILE="$file" "$k6" run --quiet "$here/sweep.js"
  code=$?
  case $code in
    0) outcome="every step met the SLA" ;;
    99) outcome="some steps missed the SLA (k6 exit code 99: a finding of the sweep, not a failure)" ;;
    *) fail "$experiment did not run to the end: k6 exited with code $code (107: a bad setting or a refused SET value, 108: the target is not answering READY_PATH; k6's message above says which)" ;;
  esac
  [ -f "$file" ] || fail "$experiment: k6 finished but wrote no $file"
  say "[$index/$count] $experiment done: $outcome"
  ran="$ran $experiment"
done
say "ran:$ran; results: $(cd "$results_dir" && echo *-k6.json)"
