#!/usr/bin/env bash
# Records the workshop's runs: each line of commands.tsv, the lab's own command run as written (from the repository's
# root, with `capacity` the tool as the workshop's set-up installs it: packed from this clone with a version of its own and
# installed into a folder of its own, with a private NuGet cache so no older package can serve), its results.json kept here
# as NAME.json without the timelines (`capacity docs keep`). A run named in a NAME.patch beside it runs with that patch applied (lab 8's
# fix) and the patch taken back after. Last, `capacity docs render` writes every page's tables and figures from the files. One run at a time, on a
# machine doing nothing else: every figure is a claim a learner re-runs.
#   bash docs/workshop/runs/record.sh               # every run (about an hour on 2 cores)
#   bash docs/workshop/runs/record.sh lab4-db ...   # some of them
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
cd "$repo"
tool="$(mktemp -d)"
trap 'rm -rf "$tool"' EXIT
version="0.0.0-record.$(date -u +%Y%m%d%H%M%S)"
echo "packing and installing the capacity tool $version..." >&2
dotnet pack src/AsyncCapacity.Cli -c Release --nologo -v q -p:PackageVersion="$version" -o "$tool/feed" >/dev/null
NUGET_PACKAGES="$tool/nuget" dotnet tool install AsyncCapacity --version "$version" --add-source "$tool/feed" \
  --tool-path "$tool/bin" >/dev/null
# The installed tool finds k6 as any install does (K6_PATH, then PATH); a clone's sweep also looks beside the clone.
if [[ -z "${K6_PATH:-}" ]] && ! command -v k6 >/dev/null && [[ -x "$repo/../shared/tools/k6" ]]; then
  export K6_PATH="$repo/../shared/tools/k6"
fi
capacity() { "$tool/bin/capacity" "$@"; }

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
    capacity docs keep "$out/results.json" "$here/$name.json"
  else
    failed+=("$name")
  fi
  [[ -f "$patch" ]] && git apply -R "$patch"
done <"$here/commands.tsv"

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
capacity docs render --root "$repo"
