// A sweep: one scenario per (variant, step), run one after another, variant-major (every step of the first variant,
// then the next), steps ascending. Closed model: constant-vus, the step is N clients with no think time. Open model:
// constant-arrival-rate, the step is N requests per second, started on schedule however long the answers take.
import { thresholds as slaThresholds } from './judge.js';

// A step lasts its warm-up, its measured window and its tail (load kept on while a harness looks at the app; 0 by default).
function stepDurationMs(config) {
  return Math.round((config.warmupSeconds + config.stepSeconds + config.tailSeconds) * 1000);
}

// Steps in the order they run, with their offset from the start of the test (after setup), and what the SLA's judge
// (lib/judge.js) needs to know of each: its load, its model and windows, whether its clients hold sessions.
export function planSteps(config) {
  const stepSpanMs = stepDurationMs(config);
  const gapMs = Math.round(config.cooldownSeconds * 1000);
  const steps = [];
  for (const variant of config.variants) {
    for (const concurrency of config.steps) {
      const offsetMs = steps.length * (stepSpanMs + gapMs);
      steps.push({
        variant,
        concurrency,
        name: `${variant}_c${concurrency}`,
        offsetMs,
        model: config.model,
        warmupSeconds: config.warmupSeconds,
        stepSeconds: config.stepSeconds,
        sessions: config.sessions,
      });
    }
  }
  return steps;
}

export function slaOf(config) {
  return { p95Ms: config.slaP95Ms, maxErrorRate: config.slaErrorRate };
}

// The key under which k6 reports a step's measured (post-warm-up) submetric; used both to declare the
// thresholds below and to read the submetrics back in handleSummary.
export function measuredKey(metric, step) {
  return `${metric}{step:${step.name},phase:measure}`;
}

// The clients an open-model step may hold at once: enough for every arrival to wait up to 3 × the SLA's p95 (at
// least 1 s) for its answer. Beyond that k6 has no free client when the next arrival is due and drops it
// (dropped_iterations), which the analysis counts as a failure: the request was never sent on time. All of them are
// allocated before the step, so that no arrival waits for a client to be created.
export const OPEN_MAX_CLIENTS = 20000;

export function openModelClients(rate, config) {
  const waitSeconds = Math.max(1, (3 * config.slaP95Ms) / 1000);
  return Math.min(OPEN_MAX_CLIENTS, Math.max(2, Math.ceil(rate * waitSeconds)));
}

function executor(step, config) {
  if (config.model === 'open') {
    const clients = openModelClients(step.concurrency, config);
    return {
      executor: 'constant-arrival-rate',
      rate: step.concurrency,
      timeUnit: '1s',
      preAllocatedVUs: clients,
      maxVUs: clients,
    };
  }
  return { executor: 'constant-vus', vus: step.concurrency };
}

// The key of a step's submetric for one second of it (PER_SECOND=1), for the thresholds below, handleSummary and k6's REST API.
export function secondKey(metric, step, second) {
  return `${metric}{step:${step.name},second:${second}}`;
}

// Each second's counts, failures and p95 (and, for sessions, failures and drops), as submetrics: k6 keeps a submetric only
// where a threshold names it, so each gets one that always holds.
function perSecondThresholds(step, config) {
  const thresholds = {};
  const seconds = Math.ceil(config.warmupSeconds + config.stepSeconds + config.tailSeconds);
  const always = { capacity_reqs: 'count>=0', capacity_req_failed: 'rate>=0', capacity_req_duration: 'max>=0' };
  if (config.sessions) Object.assign(always, { capacity_session_failed: 'count>=0', capacity_session_dropped: 'count>=0' });
  for (let second = 0; second < seconds; second++) {
    for (const [metric, threshold] of Object.entries(always)) thresholds[secondKey(metric, step, second)] = [threshold];
  }
  return thresholds;
}

// Every scenario runs the script's one exec function, `request`, and tells it its variant through its own env.
export function buildOptions(config) {
  const scenarios = {};
  const thresholds = {};
  for (const step of planSteps(config)) {
    scenarios[step.name] = {
      ...executor(step, config),
      duration: `${stepDurationMs(config)}ms`,
      // Requests still in flight when the step ends are cut off, so no step overlaps the next one. They record
      // no sample (verified with k6 2.2); the report's Little's-law check flags steps where many were cut off.
      gracefulStop: '0s',
      startTime: `${step.offsetMs}ms`,
      exec: 'request',
      env: { VARIANT: step.variant },
      tags: { experiment: config.experiment, variant: step.variant, step: step.name },
    };
    // The thresholds that ARE the SLA, per step, from the one rule (lib/judge.js). A crossed one makes k6 exit with
    // code 99: "this step missed the SLA", a finding of the sweep, not a failure of the harness.
    Object.assign(thresholds, slaThresholds(step, slaOf(config)));
    // Always true: they exist only because k6 puts a submetric in handleSummary's data when a threshold names it.
    thresholds[measuredKey('capacity_server_ms', step)] = ['max>=0'];
    if (config.sessions) thresholds[`capacity_session_connect{step:${step.name}}`] = ['max>=0'];
    if (config.perSecond) Object.assign(thresholds, perSecondThresholds(step, config));
    if (config.slaSplit) {
      thresholds[measuredKey('capacity_req_within', step)] = ['max>=0'];
      thresholds[measuredKey('capacity_req_beyond', step)] = ['max>=0'];
    }
  }
  return {
    scenarios,
    thresholds,
    discardResponseBodies: true,
    summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'],
  };
}
