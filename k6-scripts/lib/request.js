// One measured request: tagged by phase, checked, and its in-app time recorded.
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';

// Step statistics come from these metrics, tagged when the response arrives. k6's own http_req_* samples carry
// the tags given when the request was sent, so a window keyed on them keeps only requests that started and
// finished inside it: it drops about one request per client and, on a starved server, the slowest ones.
// Counting completions in the window is the usual throughput definition and keeps the slow requests in p95.
const requests = new Counter('capacity_reqs');
const failed = new Rate('capacity_req_failed');
const duration = new Trend('capacity_req_duration', true);

// Time spent inside the app, from its Server-Timing header; the gap to the client's latency is time spent
// queued (for a thread, a connection) before the app's pipeline started on the request.
const serverMs = new Trend('capacity_server_ms', true);

// SLA_SPLIT=1: the durations on either side of the SLA's p95 (lib/summary.js, slaSplit).
const within = new Trend('capacity_req_within', true);
const beyond = new Trend('capacity_req_beyond', true);

export function addSplit(config, durationMs, tags) {
  if (config.slaSplit) (durationMs <= config.slaP95Ms ? within : beyond).add(durationMs, tags);
}

const SERVER_TIMING_APP = /(?:^|,)\s*app\s*(?:;[^,]*)?;\s*dur=([0-9]+(?:\.[0-9]+)?)/;

export function parseServerTiming(header) {
  const match = header ? SERVER_TIMING_APP.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

export function queryString(query) {
  const pairs = Object.keys(query).map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

// The second of its step a response arrived in, as a tag, where the run counts by the second (PER_SECOND=1).
export function secondTag(config) {
  return config.perSecond ? { second: String(Math.floor((Date.now() - exec.scenario.startTime) / 1000)) } : {};
}

// Decided when the response (or echo) arrives, from the scenario's own start, so each step's warm-up stays out of its
// statistics, and so does its tail: the load a harness keeps on after the measured window while it looks at the app.
export function phaseOf(config) {
  const elapsedMs = Date.now() - exec.scenario.startTime;
  if (elapsedMs < config.warmupSeconds * 1000) return 'warmup';
  return elapsedMs < (config.warmupSeconds + config.stepSeconds) * 1000 ? 'measure' : 'tail';
}

// The scenario already tags every sample with experiment, variant and step (its name is the step's);
// they are repeated here so the request's own tags read complete.
export function measuredRequest(config, variant, method, url, body, name, headers) {
  const tags = { experiment: config.experiment, variant, step: exec.scenario.name, name };
  const res = http.request(method, url, body, { tags, headers, timeout: config.requestTimeout });
  check(res, { 'status is 200': (r) => r.status === 200 }, tags);

  const completed = { ...tags, phase: phaseOf(config), ...secondTag(config) };
  requests.add(1, completed);
  // Errors are what a user would call one: no 2xx answer (status 0 is a timeout or a refused connection).
  failed.add(res.status < 200 || res.status > 299, completed);
  duration.add(res.timings.duration, completed);
  addSplit(config, res.timings.duration, completed);
  const appMs = parseServerTiming(res.headers['Server-Timing']);
  if (appMs !== undefined) serverMs.add(appMs, completed);
  return res;
}
