# The AsyncCapacity images, on the .NET 10 ASP.NET Core runtime, both holding /app: the `capacity` CLI published with the
# lab's files beside it (/app/capacity.dll, the app in /app/app, k6-scripts/, experiments/), the folder the installed
# `capacity` tool holds too (src/AsyncCapacity.Cli/LabBundle.targets):
#   app (the default target): the app under test (dotnet /app/app/AsyncCapacity.Web.dll);
#   sweep: the same plus k6 (from its pinned official image), running docker/sweep.sh, i.e. `capacity sweep` exactly as
#          on a laptop.
# docker-compose.yml builds and runs both; docs/docker-compose.md explains the stack. The build context is filtered by
# .dockerignore (src/, experiments/, k6-scripts/, docker/, bench/MinimalApp, tools/AspireDashboard and the repository-wide
# build files; tests/ is not needed).
#
# The base images are build arguments whose defaults are the official images; a machine without an image registry
# passes stand-ins built from Debian packages (docker/standins/build.sh), e.g. --build-arg DOTNET_SDK_IMAGE=...
ARG DOTNET_SDK_IMAGE=mcr.microsoft.com/dotnet/sdk:10.0
ARG DOTNET_ASPNET_IMAGE=mcr.microsoft.com/dotnet/aspnet:10.0
ARG K6_IMAGE=grafana/k6:2.2.0

FROM ${DOTNET_SDK_IMAGE} AS build
ENV DOTNET_CLI_TELEMETRY_OPTOUT=1 \
    DOTNET_NOLOGO=1
WORKDIR /src

# Restore from the project files alone, so that editing code does not download the packages again.
# global.json pins the SDK band (10.0.100, rollForward latestFeature: any 10.0 SDK of this image qualifies);
# Directory.Packages.props holds every package version; Directory.Build.props and .editorconfig set the
# analyzers and TreatWarningsAsErrors, so the image is built under the same rules as a local build.
COPY global.json Directory.Build.props Directory.Packages.props .editorconfig ./
COPY src/AsyncCapacity.Contracts/AsyncCapacity.Contracts.csproj src/AsyncCapacity.Contracts/
COPY src/AsyncCapacity.Web/AsyncCapacity.Web.csproj src/AsyncCapacity.Web/
COPY src/AsyncCapacity.Lab/AsyncCapacity.Lab.csproj src/AsyncCapacity.Lab/
COPY src/AsyncCapacity.Report/AsyncCapacity.Report.csproj src/AsyncCapacity.Report/
COPY src/AsyncCapacity.Cli/AsyncCapacity.Cli.csproj src/AsyncCapacity.Cli/
# The CLI references the startup hook (net8.0) that gives --min-threads to a user's app; restoring it fetches its targeting pack.
COPY src/AsyncCapacity.StartupHook/AsyncCapacity.StartupHook.csproj src/AsyncCapacity.StartupHook/
# Published beside the CLI: the reference app `capacity sweep --baseline` measures the lab's app against.
COPY bench/MinimalApp/MinimalApp.csproj bench/MinimalApp/
# NuGet audit findings (NU1901-NU1904) stay warnings here, printed but not fatal: no CI builds this image, and an
# advisory published tomorrow against one of SqlClient's dependencies must not stop every user's `docker compose up`.
RUN dotnet restore src/AsyncCapacity.Web/AsyncCapacity.Web.csproj \
      -p:WarningsNotAsErrors=NU1901%3BNU1902%3BNU1903%3BNU1904 \
 && dotnet restore bench/MinimalApp/MinimalApp.csproj \
 && dotnet restore src/AsyncCapacity.Cli/AsyncCapacity.Cli.csproj -p:WarningsNotAsErrors=NU1901%3BNU1902%3BNU1903%3BNU1904

# The experiment declarations are embedded in the Contracts assembly (src/AsyncCapacity.Contracts/*.csproj), and the
# SLA's rule, k6-scripts/lib/judge.js, in the Lab assembly (the report runs the file k6 runs); the CLI's publish puts
# both folders, the app and the minimal app beside it.
COPY experiments/ experiments/
COPY k6-scripts/ k6-scripts/
COPY bench/MinimalApp/ bench/MinimalApp/
COPY tools/AspireDashboard/ tools/AspireDashboard/
COPY src/ src/
# The app is built with ICU (InvariantGlobalization=false in its project: SqlClient refuses invariant mode,
# dotnet/SqlClient#662); the runtime image below ships ICU.
RUN dotnet publish src/AsyncCapacity.Cli/AsyncCapacity.Cli.csproj -c Release --no-restore -p:UseAppHost=false -o /out/lab

FROM ${K6_IMAGE} AS k6

FROM ${DOTNET_ASPNET_IMAGE} AS runtime
# The app's content root is its own folder (AppContext.BaseDirectory), wherever it is started from.
WORKDIR /app
COPY --from=build /out/lab ./

# The sweep of `docker compose up`: the CLI finds the scripts and declarations beside it (/app/k6-scripts,
# /app/experiments), the published app there too (/app/app/AsyncCapacity.Web.dll, started afresh for every probe, as a
# laptop's sweep does) and k6 on PATH. It runs as root only to write the report into the bind-mounted ./reports;
# docker/sweep.sh then hands the files to the owner of the repository folder.
FROM runtime AS sweep
# k6 is a static Go binary: the official image's runs on this Debian base unchanged.
COPY --from=k6 /usr/bin/k6 /usr/bin/k6
COPY docker/sweep.sh ./sweep.sh
ENV K6_NO_USAGE_REPORT=true
ENTRYPOINT ["/bin/sh", "/app/sweep.sh"]

# Last, so that a plain `docker build .` gives the app.
FROM runtime AS app
# The image listens on 8080 (ASPNETCORE_HTTP_PORTS=8080 is the base image's default). Logs stay quiet: the app's
# code keeps the framework at Warning (Logging__LogLevel__* overrides it), so it prints its start-up line and problems only.
EXPOSE 8080
# The base image's non-root user "app" (UID 1654).
USER $APP_UID
# Healthcheck: docker-compose.yml probes /healthz with bash's /dev/tcp; images without a shell can use
# `dotnet /app/app/AsyncCapacity.Web.dll --health-probe` (costlier: a second .NET process per probe).
ENTRYPOINT ["dotnet", "/app/app/AsyncCapacity.Web.dll"]
