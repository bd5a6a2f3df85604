#!/usr/bin/env bash
# Records the workshop's runs: each line of commands.tsv, the lab's own command run as written (from the repository's
# root, with `capacity` the CLI built in Release), its results.json kept here as NAME.json without the timelines (slim.py). A run named in a NAME.patch
# beside it runs with that patch applied (lab 11's fix) and the patch taken back after. render.sh then writes the labs'
# tables from the files. One run at a time, on a machine doing nothing else: every figure is a claim a learner re-runs.
#   bash docs/workshop/runs/record.sh               # every run (about an hour on 2 cores)
#   bash docs/workshop/runs/record.sh lab2-db ...   # some of them
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
cd "$repo"
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
capacity() { dotnet "$repo/src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll" "$@"; }

wanted=("$@")
failed=()
while IFS=$'\t' read -r name command; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  if [[ ${#wanted[@]} -gt 0 && ! " ${wanted[*]} " =~ " $name " ]]; then continue; fi
  patch="$here/$name.patch"
  [[ -f "$patch" ]] && git apply "$patch"
  echo "== $name: $command ($(date -u +%FT%TZ))" >&2
  [[ "$command" == *" --out "* ]] || command+=" --out reports/$name"
  out="$(sed -E 's/.*--out ([^ ]+).*/\1/' <<<"$command")"
  rm -rf "$out"
  if eval "$command" </dev/null; then
    python3 "$here/slim.py" "$out/results.json" "$here/$name.json"
  else
    failed+=("$name")
  fi
  [[ -f "$patch" ]] && git apply -R "$patch"
done <"$here/commands.tsv"

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
echo "recorded; now: bash docs/workshop/runs/render.sh" >&2
