# Sourced by .ci/run: Docker Compose v2 and a Docker engine of CI's own, for the compose tests
# (tests/AsyncCapacity.Tests.Integration/Compose), and the images they build on.
#
# - Compose v2: Debian bookworm's docker-compose is v1 (Python, no depends_on.required); trixie's package
#   docker-compose 2.26 is the v2 CLI plugin and needs only libc6 >= 2.34, so trixie is added as a second apt source,
#   pinned below bookworm (priority 100) so that nothing else moves to it.
# - The engine: Debian's docker.io, started by hand (no systemd here) with the vfs storage driver (no overlay mounts in
#   this sandbox), on a socket, data root and exec root of its own; stopped again when .ci/run exits, also on failure.
#   Its BuildKit fails on vfs ("failed to prepare ...: invalid argument" at a COPY after a RUN), so builds use the
#   classic builder (DOCKER_BUILDKIT=0), which compose 2.26 honours.
# - Images: the official ones where a registry answers; otherwise the stand-ins of docker/standins/build.sh.

ci_docker_root=${CI_DOCKER_ROOT:-/var/lib/asynccapacity-ci-docker}

ci_install_compose() {
  if [ ! -f /etc/apt/sources.list.d/asynccapacity-trixie.sources ]; then
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      | $SUDO tee /etc/apt/sources.list.d/asynccapacity-trixie.sources >/dev/null
    printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' | $SUDO tee /etc/apt/preferences.d/asynccapacity-trixie >/dev/null
    $SUDO apt-get update -qq
  fi
  $SUDO apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null
  $SUDO apt-get install -y -qq --no-install-recommends -t trixie docker-compose >/dev/null
  docker compose version
}

ci_start_engine() {
  $SUDO mkdir -p "$ci_docker_root/data" "$ci_docker_root/exec"
  export DOCKER_HOST="unix://$ci_docker_root/docker.sock"
  export DOCKER_BUILDKIT=0
  $SUDO dockerd --storage-driver=vfs --data-root "$ci_docker_root/data" --exec-root "$ci_docker_root/exec" \
    -H "$DOCKER_HOST" --pidfile "$ci_docker_root/dockerd.pid" >"$ci_docker_root/dockerd.log" 2>&1 &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info --format 'engine {{.ServerVersion}}, storage {{.Driver}}' || { tail -n 20 "$ci_docker_root/dockerd.log"; return 1; }
}

ci_stop_engine() {
  [ -f "$ci_docker_root/dockerd.pid" ] || return 0
  local pid
  pid=$(cat "$ci_docker_root/dockerd.pid")
  docker ps -q | xargs -r docker kill >/dev/null 2>&1 || true
  $SUDO kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  $SUDO kill -9 "$pid" 2>/dev/null || true
  echo "== Docker engine stopped"
}

# The official base images when a registry answers (one small pull tells), else the stand-ins, named in
# docker/standins/standins.env, which the compose tests then pass to compose.
ci_base_images() {
  rm -f docker/standins/standins.env
  if timeout 60 docker pull -q grafana/k6:2.2.0 >/dev/null 2>&1; then
    echo "an image registry answers: the official images"
  else
    echo "no image registry answers: stand-ins from Debian packages (docker/standins/build.sh)"
    bash docker/standins/build.sh
  fi
}
