# Sourced by the benches that load one fresh lab app with wrk while the CLI looks at it from outside (reader.sh,
# stacks.sh): checks the tools, builds the app and the CLI in Release, starts the app on PORT (killed on exit) and waits
# until /hello answers. Sets CAPACITY (the CLI's dll), APP (the app's pid), URL (/hello), WORK (a scratch folder) and
# rps FILE (wrk's req/s in FILE).
for tool in wrk python3 curl /usr/bin/time; do command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install wrk)" >&2; exit 1; }; done

echo "building the app and the CLI (Release)..." >&2
dotnet build src/AsyncCapacity.Web -c Release --nologo -v q >/dev/null
dotnet build src/AsyncCapacity.Cli -c Release --nologo -v q >/dev/null
CAPACITY=src/AsyncCapacity.Cli/bin/Release/net10.0/capacity.dll

WORK=$(mktemp -d)
APP=""
cleanup() { [ -n "$APP" ] && kill "$APP" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

(cd src/AsyncCapacity.Web/bin/Release/net10.0 && exec env ASPNETCORE_ENVIRONMENT=Production dotnet AsyncCapacity.Web.dll --urls "http://127.0.0.1:$PORT") >"$WORK/app.log" 2>&1 &
APP=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/hello" >/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$PORT/hello"

rps() { awk '/^Requests\/sec/ {print $2}' "$1"; }
