#!/bin/sh
# The compose flow's one job (the `sweep` service): the same `capacity sweep` a laptop runs, with the app published in
# this image (/app) started afresh for every probe and the compose database, then the report into ./reports, handed to
# the owner of the repository folder, and the sweep's exit code, which `docker compose up --exit-code-from sweep`
# returns after stopping the database.
#
# Every knob is an environment variable from .env (docs/docker-compose.md); empty means the CLI's default, which is
# each declaration's own (experiments/*.json). CAPACITY names the CLI (tests run this script against a local build).
# APP_URL sweeps an app someone else runs instead (`capacity sweep --target`: one process, a cool-down before each probe).
set -eu

capacity=${CAPACITY:-dotnet /app/capacity.dll}
reports=${REPORTS_DIR:-/reports}
name=${REPORT_NAME:-compose-$(date -u +%Y%m%d-%H%M%S)}

set -- sweep --out "$reports/$name" --profile "${PROFILE:-standard}"
if [ -n "${APP_URL:-}" ]; then
  set -- "$@" --target "$APP_URL"
else
  # The database of the active profile: the one whose service name resolves on the project's network.
  if [ -n "${POSTGRES_CONNECTION_STRING:-}" ] && getent hosts "${POSTGRES_HOST:-postgres}" >/dev/null 2>&1; then
    echo "sweep: database PostgreSQL (service ${POSTGRES_HOST:-postgres}); a fresh app for every probe, in this container"
    set -- "$@" --db-provider PostgreSQL --db-connection-string "$POSTGRES_CONNECTION_STRING"
  elif [ -n "${SQLSERVER_CONNECTION_STRING:-}" ] && getent hosts "${SQLSERVER_HOST:-mssql}" >/dev/null 2>&1; then
    echo "sweep: database SQL Server (service ${SQLSERVER_HOST:-mssql}); a fresh app for every probe, in this container"
    set -- "$@" --db-provider SqlServer --db-connection-string "$SQLSERVER_CONNECTION_STRING"
  else
    echo "sweep: no database service answers by name (postgres or mssql): the experiments that need one are skipped"
  fi
  [ -n "${DB_MAX_POOL_SIZE:-}" ] && set -- "$@" --db-pool-size "$DB_MAX_POOL_SIZE"
  [ "${MIN_WORKER_THREADS:-0}" != 0 ] && set -- "$@" --min-threads "$MIN_WORKER_THREADS"
fi
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
# PROBES: the search's probe budget per variant, for all experiments or per experiment, space-separated (6 db=16).
for probes in ${PROBES:-}; do set -- "$@" --probes "$probes"; done
# LIVE=on: every probe's app and k6 send their metrics to the dashboard service (`--profile live` starts it), if it resolves.
if [ "${LIVE:-}" = on ]; then
  if getent hosts "${DASHBOARD_HOST:-dashboard}" >/dev/null 2>&1; then
    echo "sweep: live in the Aspire dashboard (service ${DASHBOARD_HOST:-dashboard}): http://127.0.0.1:${DASHBOARD_PORT:-18888} on the host"
    set -- "$@" --live "http://${DASHBOARD_HOST:-dashboard}:18889"
  else
    echo "sweep: LIVE=on but no dashboard service answers by name: start it with --profile live; the sweep runs without the live view"
  fi
fi
[ "${DRY_RUN:-false}" = true ] && set -- "$@" --dry-run

# The CLI runs in the background so that this shell (the container's first process, which ignores signals it does not
# trap) can hand it compose's SIGTERM or a Ctrl+C: the CLI then stops k6 and the app it started, and writes nothing more.
# shellcheck disable=SC2086 # $capacity is a command and its first argument
$capacity "$@" &
cli=$!
trap 'kill -TERM "$cli" 2>/dev/null || true' TERM INT
status=0
wait "$cli" || status=$?
# A trapped signal ends the first wait early: wait again for the CLI's own exit code.
while kill -0 "$cli" 2>/dev/null; do wait "$cli" || status=$?; done
trap - TERM INT

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
