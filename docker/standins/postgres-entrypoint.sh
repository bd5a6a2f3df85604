#!/bin/bash
# The stand-in postgres image's entrypoint (docker/standins/build.sh): the part of the official image's
# docker-entrypoint.sh contract that this project uses (https://hub.docker.com/_/postgres, "Environment Variables"):
# POSTGRES_PASSWORD is required, POSTGRES_USER (postgres) and POSTGRES_DB (the user's name) are created on an empty
# PGDATA, clients connect over TCP with a password, and `postgres -c name=value ...` or bare `-c ...` arguments reach the
# server. It runs as root and hands the server to the postgres user, as the official one does.
set -euo pipefail

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH" "$0" "$@"
fi

user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "Error: Database is uninitialized and superuser password is not specified." >&2
    echo "       You must specify POSTGRES_PASSWORD to a non-empty value for the superuser." >&2
    exit 1
  fi
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi

exec "$@" -c listen_addresses='*'
