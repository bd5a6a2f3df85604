// handleSummary: k6's end-of-test data → the results file (format asynccapacity-k6/1, read by the CLI)
// plus a short table on stdout. Pure functions of their input; a step with no data gives nulls, never a throw.
import { judge, MIN_REQUESTS_FOR_PERCENTILE } from './judge.js';
import { planSteps, measuredKey, secondKey, slaOf } from './sweep.js';

const FORMAT = 'asynccapacity-k6/1';
export const RUNNER_MARKER = 'asynccapacity-results: ';

function finite(x) {
  return typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 1000) / 1000 : null;
}

function values(data, metric, step) {
  const m = data.metrics[measuredKey(metric, step)];
  return m && m.values ? m.values : {};
}

function sessionFigures(data, step) {
  const metric = (name) => (data.metrics[`${name}{step:${step.name}}`] || {}).values || {};
  const c = metric('capacity_session_connect');
  return {
    connectMs: c.count > 0 ? { avg: finite(c.avg), med: finite(c.med), p95: finite(c['p(95)']), max: finite(c.max) } : null,
    connectionsFailed: metric('capacity_session_failed').count || 0,
    connectionsDropped: metric('capacity_session_dropped').count || 0,
  };
}

// PER_SECOND=1: the step second by second, from its start, as a held load is read for when it was caught up with.
function seconds(data, config, step) {
  const count = Math.ceil(config.warmupSeconds + config.stepSeconds + config.tailSeconds);
  const metric = (name, second) => (data.metrics[secondKey(name, step, second)] || {}).values || {};
  return Array.from({ length: count }, (_, second) => {
    const requests = metric('capacity_reqs', second).count || 0;
    const d = metric('capacity_req_duration', second);
    return {
      second,
      requests,
      failed: metric('capacity_req_failed', second).passes || 0,
      p95Ms: requests > 0 && d.count > 0 ? finite(d['p(95)']) : null,
      ...(config.sessions ? {
        sessionsFailed: metric('capacity_session_failed', second).count || 0,
        sessionsDropped: metric('capacity_session_dropped', second).count || 0,
      } : {}),
    };
  });
}

// SLA_SPLIT=1: the measured durations on either side of the SLA's p95, unrounded. k6's p(95) interpolates linearly at rank
// 0.95 × (n - 1) of the sorted durations, so the union of several runners' requests has its p95 within the SLA exactly when
// both values around that rank are: the counts place the rank, and where it falls between the two sides, the slowest within
// and the fastest beyond are those two values.
function slaSplit(data, step) {
  const w = values(data, 'capacity_req_within', step);
  const b = values(data, 'capacity_req_beyond', step);
  return {
    within: w.count || 0,
    slowestWithinMs: w.count > 0 ? w.max : null,
    beyond: b.count || 0,
    fastestBeyondMs: b.count > 0 ? b.min : null,
  };
}

function droppedIterations(data, step) {
  const m = data.metrics[`dropped_iterations{scenario:${step.name}}`];
  return (m && m.values && m.values.count) || 0;
}

function stepResult(data, config, step, startedAtMs) {
  const startMs = startedAtMs + step.offsetMs;
  const requests = values(data, 'capacity_reqs', step).count || 0;
  const d = values(data, 'capacity_req_duration', step);
  const s = values(data, 'capacity_server_ms', step);
  // An empty trend may still report zeros, so its count is what tells whether it has data.
  const has = (v) => requests > 0 && v.count > 0;
  return {
    variant: step.variant,
    concurrency: step.concurrency,
    startMs,
    measureFromMs: startMs + config.warmupSeconds * 1000,
    endMs: startMs + (config.warmupSeconds + config.stepSeconds) * 1000,
    requests,
    // For a Rate metric, "passes" counts the true values: here, the failed requests.
    failed: values(data, 'capacity_req_failed', step).passes || 0,
    durationMs: {
      avg: has(d) ? finite(d.avg) : null,
      min: has(d) ? finite(d.min) : null,
      med: has(d) ? finite(d.med) : null,
      max: has(d) ? finite(d.max) : null,
      p90: has(d) ? finite(d['p(90)']) : null,
      p95: has(d) ? finite(d['p(95)']) : null,
      p99: has(d) ? finite(d['p(99)']) : null,
    },
    serverMs: has(s) ? { avg: finite(s.avg), med: finite(s.med), p95: finite(s['p(95)']), max: finite(s.max) } : null,
    // Open model only: arrivals k6 could not send because every client was still waiting (warm-up included).
    dropped: config.model === 'open' ? droppedIterations(data, step) : null,
    // Session kinds only (each client holds a session): connect time, sessions that failed to open and that dropped (warm-up included).
    ...(config.sessions ? sessionFigures(data, step) : {}),
    ...(config.perSecond ? { seconds: seconds(data, config, step) } : {}),
    ...(config.slaSplit ? { slaSplit: slaSplit(data, step) } : {}),
  };
}

// The step as the results file holds it, with the verdict of the one rule (lib/judge.js) and what it missed.
function judgedStep(data, config, step, startedAtMs) {
  const result = stepResult(data, config, step, startedAtMs);
  const verdict = judge(result, step, slaOf(config));
  return { ...result, meetsSla: verdict.meets, judged: verdict.judged, missed: verdict.missed };
}

export function resultsDocument(data, config, parameters) {
  const startedAtMs = (data.setup_data && data.setup_data.startedAtMs) || 0;
  return {
    format: FORMAT,
    experiment: config.experiment,
    baseUrl: config.baseUrl,
    model: config.model,
    parameters,
    sla: { p95Ms: config.slaP95Ms, maxErrorRate: config.slaErrorRate },
    warmupSeconds: config.warmupSeconds,
    stepSeconds: config.stepSeconds,
    cooldownSeconds: config.cooldownSeconds,
    tailSeconds: config.tailSeconds,
    startedAtMs,
    testRunDurationMs: finite(data.state && data.state.testRunDurationMs),
    sessions: config.sessions,
    steps: planSteps(config).map((step) => judgedStep(data, config, step, startedAtMs)),
    // What was swept, as declared: `capacity report` reads a user's variants, holds and units from it, with no other file.
    declaration: config.declaration,
  };
}

// Failed requests (and sessions lost) of everything the step attempted, as the report shows them.
function errorRate(step) {
  const lost = (step.connectionsFailed || 0) + (step.connectionsDropped || 0);
  const attempts = step.requests + lost;
  return attempts > 0 ? (step.failed + lost) / attempts : null;
}

function cell(x, width, digits = 0) {
  return (x === null ? '-' : x.toFixed(digits)).padStart(width);
}

// A step too thin for its percentile is shown, not judged: its verdict stands in brackets.
function verdictCell(s) {
  const verdict = s.meetsSla ? '✓' : `✗ ${s.missed.join(', ')}`;
  return s.judged === false ? `(${verdict}) not judged: ${s.requests} requests, fewer than ${MIN_REQUESTS_FOR_PERCENTILE} for a p95` : verdict;
}

// A blocking variant's verdict depends on how long its pool has had to grow, so the table says when each step was judged: at
// the end of its window, counted from its own start. k6 alone drives one long-lived app, which is not the cold start the
// capacity CLI gives every probe: threads grown by a step idle ~20 s before they exit (dotnet/runtime's PortableThreadPool).
function horizonLine(doc) {
  const horizon = doc.warmupSeconds + doc.stepSeconds;
  const judged = `each step judged ${horizon} s into its load (${doc.warmupSeconds} s warm-up + ${doc.stepSeconds} s window)`;
  return doc.cooldownSeconds > 0
    ? `${judged}, on one long-lived app: not a cold start (pool threads grown by a step idle ~20 s before they exit; ` +
      `${doc.cooldownSeconds} s cool-down between steps)`
    : `${judged}; with no cool-down, a step on a long-lived app starts with the pool threads of the one before it ` +
      '(a harness that starts a fresh app per step, as the capacity CLI does, gives each a cold start)';
}

export function summaryTable(doc, resultsFile) {
  const lines = [
    `${doc.experiment}: ${doc.model === 'open' ? 'open model (steps are arrivals per second)' : 'closed model'}, ${doc.stepSeconds} s measured per step after ${doc.warmupSeconds} s warm-up; ` +
      `SLA p95 <= ${doc.sla.p95Ms} ms, errors <= ${doc.sla.maxErrorRate * 100} %`,
    horizonLine(doc),
    `${'variant'.padEnd(10)}${(doc.model === 'open' ? 'rate' : 'conc').padStart(6)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}` +
      `${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors %'.padStart(10)}${doc.model === 'open' ? 'dropped'.padStart(9) : ''}  SLA`,
  ];
  for (const s of doc.steps) {
    const errors = errorRate(s);
    lines.push(
      `${s.variant.padEnd(10)}${cell(s.concurrency, 6)}${cell(s.requests / doc.stepSeconds, 9, 1)}` +
        `${cell(s.durationMs.med, 9)}${cell(s.durationMs.p95, 9)}${cell(s.durationMs.p99, 9)}` +
        `${cell(errors === null ? null : 100 * errors, 10, 2)}${doc.model === 'open' ? cell(s.dropped, 9) : ''}  ${verdictCell(s)}`,
    );
  }
  lines.push(`results: ${resultsFile}`);
  lines.push(`the capacity, estimated from every step with its 90% interval: capacity report ${resultsFile}`);
  const missed = doc.steps.filter((s) => !s.meetsSla && s.judged !== false).length;
  if (missed > 0) {
    lines.push(`${missed} step(s) missed the SLA (lib/judge.js, the same rule the capacity report applies), so k6 exits with code 99: ` +
      'a finding of the sweep, not a harness failure.');
  }
  return `${lines.join('\n')}\n`;
}

export function summarize(data, config, parameters) {
  // No setup data means setup() aborted (target down): nothing ran, so no results file that could pass for a run.
  if (!data.setup_data) {
    return { stdout: `${config.experiment}: no step ran (setup did not complete); no results file written\n` };
  }
  const doc = resultsDocument(data, config, parameters);
  // RESULTS_FILE=-: the document on one line of stdout, after a marker the capacity CLI (and `capacity runners merge`, from
  // a pod's log) finds it by; nothing else is printed, so a log holds it whole.
  if (config.resultsFile === '-') return { stdout: `${RUNNER_MARKER}${JSON.stringify(doc)}\n` };
  return {
    stdout: summaryTable(doc, config.resultsFile),
    [config.resultsFile]: JSON.stringify(doc, null, 2),
  };
}
