#!/usr/bin/env bash
# Builds stand-ins for the official images that docker-compose.yml and the Dockerfile use, for a machine that reaches
# Debian's package registry but no image registry (an offline lab machine, this project's CI). Every user with a
# registry keeps the official images: they are the defaults, and nothing here changes them.
#
#   official image                          stand-in built here                        from
#   mcr.microsoft.com/dotnet/aspnet:10.0    asynccapacity-standin/dotnet-aspnet:10.0   Debian trixie (debootstrap) + this machine's .NET runtime
#   mcr.microsoft.com/dotnet/sdk:10.0       asynccapacity-standin/dotnet-sdk:10.0      the stand-in above + this machine's .NET SDK
#   postgres:17                             asynccapacity-standin/postgres:17          the Debian root + Debian's postgresql-17 + entrypoint.sh
#   grafana/k6:2.2.0                        asynccapacity-standin/k6:2.2.0             the k6 binary found as the lab finds it (K6_PATH, PATH, ../shared/tools/k6)
#   mcr.microsoft.com/dotnet/aspire-dashboard:13.6
#                                           asynccapacity-standin/aspire-dashboard:13.6
#                                                     the Debian root + the dashboard's Native-AOT executable from NuGet (Aspire.Dashboard.Sdk.<rid>)
#
# SQL Server has no stand-in: its server is not a Debian package (the sqlserver profile needs the official image).
#
# Each keeps the contract of its official image that this project relies on (the .NET images: ASPNETCORE_HTTP_PORTS=8080,
# user app with APP_UID=1654, ICU, bash; postgres: POSTGRES_PASSWORD, POSTGRES_DB, `postgres -c ...` arguments,
# /var/lib/postgresql/data, pg_isready on PATH; k6: /usr/bin/k6; the dashboard: its UI on 18888, OTLP/gRPC on 18889 and
# OTLP/HTTP on 18890 on every interface, ASPIRE_DASHBOARD_* settings). The names are this project's own, never an official one.
#
# Usage: docker/standins/build.sh [--rebuild]
# It writes docker/standins/standins.env, the variables that point compose at the stand-ins:
#   docker compose --env-file .env --env-file docker/standins/standins.env --profile postgres up --exit-code-from sweep
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rebuild=false
[ "${1:-}" = --rebuild ] && rebuild=true

prefix=asynccapacity-standin
base=$prefix/debian:trixie
aspnet=$prefix/dotnet-aspnet:10.0
sdk=$prefix/dotnet-sdk:10.0
postgres=$prefix/postgres:17
k6image=$prefix/k6:2.2.0
dashboard=$prefix/aspire-dashboard:13.6

say() { printf 'standins: %s\n' "$*"; }
have() { [ "$rebuild" = false ] && docker image inspect "$1" >/dev/null 2>&1; }
# docker build, quiet unless it fails (the engine's classic builder suffices: every image here is one FROM and a few steps).
build() { docker build -t "$1" "$2" >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log" >&2; exit 2; }; }

docker info >/dev/null 2>&1 || { echo "standins: no Docker engine answers (docker info failed); start one first" >&2; exit 2; }

dotnet_root=$(dirname "$(readlink -f "$(command -v dotnet)")")
[ -d "$dotnet_root/shared/Microsoft.AspNetCore.App" ] || { echo "standins: no ASP.NET Core runtime under $dotnet_root" >&2; exit 2; }
runtime_version=$(ls "$dotnet_root/shared/Microsoft.AspNetCore.App" | sort -V | tail -n 1)

K6=${K6_PATH:-}
for candidate in "$K6" "$(command -v k6 || true)" "$repo/../shared/tools/k6"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then K6=$candidate; break; fi
done
[ -x "$K6" ] || { echo "standins: k6 not found: install k6 v2.2.0 or set K6_PATH" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. The OS: a minimal Debian trixie root, with what .NET needs (ICU, OpenSSL, CA certificates, time zones).
if have "$base"; then say "$base: already here"; else
  say "$base: debootstrap --variant=minbase trixie (a minute or two)"
  command -v debootstrap >/dev/null || { echo "standins: debootstrap is missing (apt-get install debootstrap)" >&2; exit 2; }
  debootstrap --variant=minbase --include=ca-certificates,libicu76,libssl3t64,tzdata,zlib1g \
    trixie "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 2; }
  rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*
  tar -C "$work/root" -c . | docker import -c 'CMD ["bash"]' - "$base" >/dev/null
  rm -rf "$work/root"
fi

# 2. The ASP.NET Core runtime image: this machine's runtime, the official image's user and environment.
if have "$aspnet"; then say "$aspnet: already here"; else
  say "$aspnet: the .NET $runtime_version runtime from $dotnet_root"
  mkdir -p "$work/aspnet/dotnet/shared"
  cp -a "$dotnet_root/dotnet" "$dotnet_root/host" "$dotnet_root/LICENSE.txt" "$work/aspnet/dotnet/"
  cp -a "$dotnet_root/shared/Microsoft.NETCore.App" "$dotnet_root/shared/Microsoft.AspNetCore.App" "$work/aspnet/dotnet/shared/"
  cat >"$work/aspnet/Dockerfile" <<EOF
FROM $base
COPY dotnet /usr/share/dotnet
RUN ln -s /usr/share/dotnet/dotnet /usr/bin/dotnet \\
 && groupadd --gid 1654 app && useradd --uid 1654 --gid 1654 --no-create-home --shell /bin/false app
ENV APP_UID=1654 ASPNETCORE_HTTP_PORTS=8080 DOTNET_RUNNING_IN_CONTAINER=true DOTNET_VERSION=$runtime_version ASPNET_VERSION=$runtime_version
LABEL org.opencontainers.image.description="Stand-in for mcr.microsoft.com/dotnet/aspnet:10.0, built by AsyncCapacity's docker/standins/build.sh"
EOF
  build "$aspnet" "$work/aspnet"
fi

# 3. The SDK image: the runtime image plus this machine's SDK and targeting packs.
if have "$sdk"; then say "$sdk: already here"; else
  say "$sdk: the SDK $(dotnet --version) from $dotnet_root"
  mkdir -p "$work/sdk/dotnet"
  cp -a "$dotnet_root/sdk" "$dotnet_root/packs" "$work/sdk/dotnet/"
  [ -d "$dotnet_root/sdk-manifests" ] && cp -a "$dotnet_root/sdk-manifests" "$work/sdk/dotnet/"
  # The restore in the image's build reaches NuGet the way this machine does, so it trusts what this machine trusts
  # (a machine whose registry access goes through a proxy of its own has that proxy's authority in its bundle).
  cp /etc/ssl/certs/ca-certificates.crt "$work/sdk/ca-certificates.crt"
  cat >"$work/sdk/Dockerfile" <<EOF
FROM $aspnet
COPY dotnet /usr/share/dotnet
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV DOTNET_USE_POLLING_FILE_WATCHER=true NUGET_XMLDOC_MODE=skip DOTNET_GENERATE_ASPNET_CERTIFICATE=false DOTNET_NOLOGO=true
LABEL org.opencontainers.image.description="Stand-in for mcr.microsoft.com/dotnet/sdk:10.0, built by AsyncCapacity's docker/standins/build.sh"
EOF
  build "$sdk" "$work/sdk"
  rm -rf "$work/sdk"
fi

# 4. PostgreSQL 17 from Debian, behind an entrypoint that keeps the official image's environment contract.
if have "$postgres"; then say "$postgres: already here"; else
  say "$postgres: Debian's postgresql-17"
  mkdir -p "$work/postgres"
  cp "$here/postgres-entrypoint.sh" "$work/postgres/entrypoint.sh"
  cat >"$work/postgres/Dockerfile" <<EOF
FROM $base
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-17 >/dev/null \\
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb \\
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/17/bin:\$PATH PGDATA=/var/lib/postgresql/data
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/bin/bash", "/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
LABEL org.opencontainers.image.description="Stand-in for postgres:17, built by AsyncCapacity's docker/standins/build.sh"
EOF
  build "$postgres" "$work/postgres"
fi

# 5. k6: the pinned static binary, where the official image keeps it.
if have "$k6image"; then say "$k6image: already here"; else
  say "$k6image: $("$K6" version 2>/dev/null | head -n 1) from $K6"
  mkdir -p "$work/k6"
  cp "$K6" "$work/k6/k6"
  printf 'FROM scratch\nCOPY k6 /usr/bin/k6\nUSER 12345\nENTRYPOINT ["/usr/bin/k6"]\n' >"$work/k6/Dockerfile"
  build "$k6image" "$work/k6"
fi

# 6. The Aspire dashboard: the same NuGet package the CLI's live view runs (tools/AspireDashboard restores it), its
#    tools/ folder (a Native-AOT executable, no .NET runtime needed) on the Debian root.
if have "$dashboard"; then say "$dashboard: already here"; else
  project="$repo/tools/AspireDashboard/AspireDashboard.csproj"
  dotnet restore "$project" --nologo -v q >"$work/dashboard-restore.log" 2>&1 || { tail -n 20 "$work/dashboard-restore.log" >&2; exit 2; }
  # Where the restore put it: the packages folder, the package's id and its version, from project.assets.json.
  tools=$(python3 -c '
import json, os, sys
assets = json.load(open(sys.argv[1]))
folder = next(iter(assets["packageFolders"]))
download = next(iter(assets["project"]["frameworks"].values()))["downloadDependencies"][0]
version = download["version"].strip("[]").split(",")[0].strip()
print(os.path.join(folder, download["name"].lower(), version, "tools"))' "$(dirname "$project")/obj/project.assets.json")
  [ -x "$tools/Aspire.Dashboard" ] || { echo "standins: no Aspire.Dashboard in $tools" >&2; exit 2; }
  say "$dashboard: $tools"
  mkdir -p "$work/dashboard"
  cp -a "$tools" "$work/dashboard/app"
  cat >"$work/dashboard/Dockerfile" <<EOF
FROM $base
COPY app /app
WORKDIR /app
ENV HOME=/tmp ASPNETCORE_URLS=http://0.0.0.0:18888 ASPIRE_DASHBOARD_OTLP_ENDPOINT_URL=http://0.0.0.0:18889 ASPIRE_DASHBOARD_OTLP_HTTP_ENDPOINT_URL=http://0.0.0.0:18890
EXPOSE 18888 18889 18890
USER 1654
ENTRYPOINT ["/app/Aspire.Dashboard"]
LABEL org.opencontainers.image.description="Stand-in for mcr.microsoft.com/dotnet/aspire-dashboard, built by AsyncCapacity's docker/standins/build.sh"
EOF
  build "$dashboard" "$work/dashboard"
  rm -rf "$work/dashboard"
fi

cat >"$here/standins.env" <<EOF
# Written by docker/standins/build.sh: points docker-compose.yml at the stand-in images built on this machine.
#   docker compose --env-file .env --env-file docker/standins/standins.env --profile postgres up --exit-code-from sweep
DOTNET_SDK_IMAGE=$sdk
DOTNET_ASPNET_IMAGE=$aspnet
K6_IMAGE=$k6image
POSTGRES_IMAGE=$postgres
ASPIRE_DASHBOARD_IMAGE=$dashboard
EOF
say "done; compose uses them with: --env-file .env --env-file docker/standins/standins.env"
docker image ls --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' | grep "^  $prefix/" || true
