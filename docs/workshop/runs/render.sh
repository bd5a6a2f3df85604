#!/usr/bin/env bash
# Regenerates every workshop table that quotes a recorded run: between
#   <!-- recorded: runs/NAME.json -->  and  <!-- /recorded -->
# in docs/workshop/*.md, the table `capacity report runs/NAME.json --markdown` prints. A test
# (tests/AsyncCapacity.Tests/Docs/WorkshopAnswersTests.cs) fails when a lab's table and its run differ.
#   bash docs/workshop/runs/render.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
workshop="$(dirname "$here")"
repo="$(cd "$workshop/../.." && pwd)"
dotnet build "$repo/src/AsyncCapacity.Cli" -c Release --nologo -v q >/dev/null
capacity() { dotnet "$repo/src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll" "$@"; }

for lab in "$workshop"/*.md; do
  grep -q '<!-- recorded: ' "$lab" || continue
  out="$(mktemp)"
  in_block=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" =~ \<!--\ recorded:\ (runs/[^ ]+\.json)\ --\> ]]; then
      printf '%s\n' "$line" >>"$out"
      capacity report "$workshop/${BASH_REMATCH[1]}" --markdown >>"$out"
      in_block=1
    elif [[ "$line" == '<!-- /recorded -->' ]]; then
      printf '%s\n' "$line" >>"$out"
      in_block=0
    elif [[ $in_block -eq 0 ]]; then
      printf '%s\n' "$line" >>"$out"
    fi
  done <"$lab"
  mv "$out" "$lab"
  echo "rendered $(basename "$lab")"
done
