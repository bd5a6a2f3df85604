// One measured request: tagged by phase, checked, and its in-app time recorded.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { Trend } from 'k6/metrics';

// Time spent inside the app, from its Server-Timing header; the gap to http_req_duration is time spent
// queued (for a thread, a connection) before the app's pipeline started on the request.
const serverMs = new Trend('capacity_server_ms', true);

const SERVER_TIMING_APP = /(?:^|,)\s*app\s*(?:;[^,]*)?;\s*dur=([0-9]+(?:\.[0-9]+)?)/;

export function parseServerTiming(header) {
  const match = header ? SERVER_TIMING_APP.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

export function queryString(query) {
  const pairs = Object.keys(query).map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

// Decided per request from the scenario's own start, so each step's warm-up stays out of its statistics.
function phase(warmupMs) {
  return Date.now() - exec.scenario.startTime < warmupMs ? 'warmup' : 'measure';
}

// The scenario already tags every sample with experiment, variant and step (its name is the step's);
// they are repeated here so the request's own tags read complete.
export function measuredGet(config, variant, url, name) {
  const tags = {
    experiment: config.experiment,
    variant,
    step: exec.scenario.name,
    phase: phase(config.warmupSeconds * 1000),
    name,
  };
  const res = http.get(url, { tags, timeout: config.requestTimeout });
  check(res, { 'status is 200': (r) => r.status === 200 }, tags);
  const appMs = parseServerTiming(res.headers['Server-Timing']);
  if (appMs !== undefined) serverMs.add(appMs, tags);
  return res;
}
