#!/bin/sh
# The compose flow's one job (the `sweep` service): sweep the app container with the same `capacity sweep` a laptop
# runs, write the report into ./reports, hand it to the owner of the repository folder, and exit with the sweep's
# code, which `docker compose up --exit-code-from sweep` returns after stopping the database and the app.
#
# Every knob is an environment variable from .env (docs/docker-compose.md); empty means the CLI's default, which is
# each declaration's own (experiments/*.json). CAPACITY names the CLI (tests run this script against a local build).
set -eu

capacity=${CAPACITY:-dotnet /app/cli/capacity.dll}
reports=${REPORTS_DIR:-/reports}
name=${REPORT_NAME:-compose-$(date -u +%Y%m%d-%H%M%S)}

set -- sweep --target "${APP_URL:?APP_URL names the app to sweep}" --out "$reports/$name" --profile "${PROFILE:-standard}"
[ -n "${EXPERIMENTS:-}" ] && set -- "$@" --experiments "$EXPERIMENTS"
# STEPS, SLA_P95_MS and SLA_ERROR_PERCENT take one value for all (1,10,50) or space-separated ones per experiment
# (sleep=1,10 db=1,5); SET takes comma- or space-separated settings (sleep.ms=200,db.ms=20).
for steps in ${STEPS:-}; do set -- "$@" --steps "$steps"; done
for p95 in ${SLA_P95_MS:-}; do set -- "$@" --sla-p95 "$p95"; done
for errors in ${SLA_ERROR_PERCENT:-}; do set -- "$@" --sla-errors "$errors"; done
for setting in $(printf '%s' "${SET:-}" | tr ',' ' '); do set -- "$@" --set "$setting"; done
[ -n "${WARMUP_SECONDS:-}" ] && set -- "$@" --warmup "$WARMUP_SECONDS"
[ -n "${STEP_SECONDS:-}" ] && set -- "$@" --step-seconds "$STEP_SECONDS"
[ -n "${COOLDOWN_SECONDS:-}" ] && set -- "$@" --cooldown "$COOLDOWN_SECONDS"
# SEARCH=off: the declared steps only (against a running app, every probe waits a cool-down, so the search takes long).
[ -n "${SEARCH:-}" ] && set -- "$@" --search "$SEARCH"
[ "${DRY_RUN:-false}" = true ] && set -- "$@" --dry-run

status=0
# shellcheck disable=SC2086 # $capacity is a command and its first argument
$capacity "$@" || status=$?

# The report belongs to whoever owns the repository folder (mounted read-only as /project), not to root.
if [ -d "$reports/$name" ]; then
  owner=${REPORTS_OWNER:-$(stat -c %u:%g /project 2>/dev/null || true)}
  if [ -n "$owner" ] && [ "$(id -u)" = 0 ]; then
    if [ "$(stat -c %u "$reports")" = 0 ]; then chown "$owner" "$reports" || true; fi
    chown -R "$owner" "$reports/$name" \
      || echo "sweep: could not give the report to '$owner' (set REPORTS_OWNER=uid:gid); its files stay root's"
  fi
  echo "sweep: report in reports/$name/index.html (in the folder of docker-compose.yml), exit $status"
fi
exit "$status"
