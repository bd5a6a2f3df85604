#!/usr/bin/env bash
# Regenerates every page's figures that quote a recorded run (README.md, docs/*.md and docs/workshop/*.md), paths relative
# to the page:
#   <!-- recorded: runs/NAME.json -->  …  <!-- /recorded -->
#       the run's line (its command from commands.tsv, its date and length from the file), then the table
#       `capacity report runs/NAME.json --markdown` prints;
#   <!-- compare: runs/A.json runs/B.json … -->  …  <!-- /compare -->
#       what `capacity compare runs/A.json runs/B.json …` prints, in a text block;
#   <!-- steps: runs/A.json runs/B.json … -->  …  <!-- /steps -->
#       every probe of the runs as one table (steps.py), for the labs that ask about given loads;
#   <!-- horizons: runs/A.json … --knees runs/B.json -->  …  <!-- /horizons -->
#       capacity over time, a row per variant that held loads (horizons.py), its knees in the other runs beside it;
#   [figure](runs/NAME.json "QUERY")
#       a figure of the prose, its text written from the run (figures.py says the queries), after the tables it may quote;
# and last, docs/workshop/README.md's table of labs: each lab's sweeps and their minutes (times.py).
# Tests (tests/AsyncCapacity.Tests.Integration/Docs/WorkshopAnswersTests.cs) fail when a page and its runs differ.
#   bash docs/workshop/runs/render.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
dotnet build "$repo/src/AsyncCapacity.Cli" -c Release --nologo -v q >/dev/null
capacity() { dotnet "$repo/src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll" "$@"; }
unrendered=()

# "Recorded 2026-11-26 by `capacity sweep …` (3.1 minutes, quick profile)." from the run's file and commands.tsv
run_line() { # page-folder path
  PYTHONPATH="$here" python3 - "$1/$2" "$here/commands.tsv" <<'PY'
import json, os, sys
from figures import run_minutes
path, commands = sys.argv[1:3]
run = json.load(open(path))["run"]
name = os.path.splitext(os.path.basename(path))[0]
command = next(line.split("\t")[1].strip() for line in open(commands) if line.split("\t")[0] == name)
print(f"Recorded {run['startedAt'][:10]} by `{command}` ({run_minutes(run)} minutes, {run['profile']} profile).")
print()
PY
}

for page in "$repo"/README.md "$repo"/docs/*.md "$repo"/docs/workshop/*.md; do
  grep -qE '<!-- (recorded|compare|steps|horizons): |\]\(([a-z.-]+/)*runs/[^ )]+\.json "' "$page" || continue
  folder="$(dirname "$page")"
  out="$(mktemp)"
  in_block=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" =~ ^\<!--\ recorded:\ ([^ ]+\.json)\ --\>$ ]]; then
      printf '%s\n' "$line" >>"$out"
      run_line "$folder" "${BASH_REMATCH[1]}" >>"$out"
      capacity report "$folder/${BASH_REMATCH[1]}" --markdown >>"$out"
      in_block=1
    elif [[ "$line" =~ ^\<!--\ compare:\ (.+)\ --\>$ ]]; then
      printf '%s\n' "$line" >>"$out"
      read -r -a runs <<<"${BASH_REMATCH[1]}"
      scratch="$(mktemp -d)"
      { echo '```text'; (cd "$folder" && capacity compare "${runs[@]}" --out "$scratch" | grep -v '^Comparison: '); echo '```'; } >>"$out"
      rm -rf "$scratch"
      in_block=1
    elif [[ "$line" =~ ^\<!--\ steps:\ (.+)\ --\>$ ]]; then
      printf '%s\n' "$line" >>"$out"
      read -r -a runs <<<"${BASH_REMATCH[1]}"
      (cd "$folder" && python3 "$here/steps.py" "${runs[@]}") >>"$out"
      in_block=1
    elif [[ "$line" =~ ^\<!--\ horizons:\ (.+)\ --\>$ ]]; then
      printf '%s\n' "$line" >>"$out"
      read -r -a runs <<<"${BASH_REMATCH[1]}"
      (cd "$folder" && python3 "$here/horizons.py" "${runs[@]}") >>"$out"
      in_block=1
    elif [[ "$line" == '<!-- /recorded -->' || "$line" == '<!-- /compare -->' || "$line" == '<!-- /steps -->' \
      || "$line" == '<!-- /horizons -->' ]]; then
      printf '%s\n' "$line" >>"$out"
      in_block=0
    elif [[ $in_block -eq 0 ]]; then
      printf '%s\n' "$line" >>"$out"
    fi
  done <"$page"
  mv "$out" "$page"
  # A page whose figures no longer match a query of its runs keeps them as they were and is named at the end: its tables are
  # rendered all the same, so that every page can be read against its new runs before its words are fixed.
  if python3 "$here/figures.py" "$page"; then
    echo "rendered ${page#"$repo"/}"
  else
    unrendered+=("${page#"$repo"/}")
  fi
done

# The workshop's table of labs: each lab's sweeps, counted and timed from the runs its answer records.
python3 "$here/times.py" "$repo/docs/workshop/README.md"
echo "rendered docs/workshop/README.md's times"

if [[ ${#unrendered[@]} -gt 0 ]]; then
  echo "tables rendered, but some figures' queries fail on their runs (above): ${unrendered[*]}" >&2
  exit 1
fi
