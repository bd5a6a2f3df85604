# Sourced by the bench scripts: sets K6 to the k6 binary, found as the lab finds it (K6_PATH, then PATH, then
# ../shared/tools/k6 beside the repository), or stops with what to do.
K6=${K6_PATH:-}
for candidate in "$K6" "$(command -v k6 || true)" ../shared/tools/k6; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then K6=$candidate; break; fi
done
[ -x "$K6" ] || { echo "k6 not found: install k6 v2.2.0 (https://grafana.com/docs/k6/latest/set-up/install-k6/) or set K6_PATH" >&2; exit 1; }
