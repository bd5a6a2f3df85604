// The SLA verdict of one step: one rule, wherever a verdict is shown. k6's thresholds (its exit code 99) and its table
// are built from conditions() below, and the capacity report runs this same file (embedded in AsyncCapacity.Report,
// through the Jint interpreter) when it analyses a step. A step meets the SLA when every condition holds. Each
// condition is one comparison written once: k6 evaluates it as a threshold on the step's submetric, judge() on the same
// figure as the results file holds it. Plain JavaScript only (no k6 module), so that both engines can run it.
//
//   plan: { name, concurrency, model: 'closed' | 'open', warmupSeconds, stepSeconds, sessions: true when each client
//           holds a session (WebSocket) }
//   sla:  { p95Ms, maxErrorRate }
//   step: a step of the results file (k6-scripts/README.md): requests, failed, durationMs.p95, dropped,
//         connectionsFailed, connectionsDropped

// Closed model: each of N clients that waits less than the SLA's p95 completes a request in a window longer than it.
// When fewer than N requests complete, the others waited longer than the whole window, and the p95 of the completed
// requests is not the clients' p95 (seen: 5,000 clients blocked on Thread.Sleep, 3 answers in 6 s, all within 2.1 s,
// "met" a 2.5 s SLA). Up to this share of the clients may go unanswered, as the p95 allows 5% above its limit.
export const UNANSWERED_CLIENTS_TOLERANCE = 0.05;

// A p95 from fewer than 20 values is the maximum or near it: a step with fewer completed requests (or round trips) in
// its window is not judged on them. It still misses when a condition that does not rest on a percentile misses (clients
// left without an answer, sessions lost, arrivals dropped): those need no sample.
export const MIN_REQUESTS_FOR_PERCENTILE = 20;
const PER_REQUEST_CONDITIONS = ['p95', 'errors'];

const COMPARE = {
  '>': (value, limit) => value > limit,
  '>=': (value, limit) => value >= limit,
  '<=': (value, limit) => value <= limit,
};

function condition(id, says, metric, stat, op, limit, figure) {
  return {
    id,
    says,
    metric,
    threshold: `${stat}${op}${limit}`,
    // A figure the step does not have (no request completed: no p95) holds, as k6 passes a threshold on an empty
    // trend; "answered" is the condition that misses such a step.
    holds: (step) => {
      const value = figure(step);
      return value === null || value === undefined || COMPARE[op](value, limit);
    },
  };
}

export function conditions(plan, sla) {
  const measured = (metric) => `${metric}{step:${plan.name},phase:measure}`;
  const list = [
    condition('answered', 'a request completed in the measured window',
      measured('capacity_reqs'), 'count', '>', 0, (s) => s.requests),
    condition('p95', `p95 ≤ ${sla.p95Ms} ms`,
      measured('capacity_req_duration'), 'p(95)', '<=', sla.p95Ms, (s) => s.durationMs && s.durationMs.p95),
    condition('errors', `failed requests ≤ ${percent(sla.maxErrorRate)} of those completed`,
      measured('capacity_req_failed'), 'rate', '<=', sla.maxErrorRate, (s) => (s.requests > 0 ? s.failed / s.requests : 0)),
  ];
  if (plan.model === 'closed' && plan.stepSeconds * 1000 > sla.p95Ms) {
    const allowed = Math.floor(plan.concurrency * UNANSWERED_CLIENTS_TOLERANCE);
    list.push(condition('clients', `at most ${allowed} of ${plan.concurrency} clients without an answer in the whole window`,
      measured('capacity_reqs'), 'count', '>=', plan.concurrency - allowed, (s) => s.requests));
  }
  if (plan.model === 'open') {
    // k6 counts a dropped arrival over the whole step (it tags it with the scenario only), so it is judged against
    // the arrivals the whole step offered.
    const offered = plan.concurrency * (plan.warmupSeconds + plan.stepSeconds);
    list.push(condition('dropped', `dropped arrivals ≤ ${percent(sla.maxErrorRate)} of the ${offered} offered`,
      `dropped_iterations{scenario:${plan.name}}`, 'count', '<=', Math.floor(sla.maxErrorRate * offered), (s) => s.dropped || 0));
  }
  if (plan.sessions) {
    // A client that could not connect, or lost its session, is a client the app did not hold: no SLA allows one.
    list.push(condition('sessions-failed', 'no session failed to open',
      `capacity_session_failed{step:${plan.name}}`, 'count', '<=', 0, (s) => s.connectionsFailed || 0));
    list.push(condition('sessions-dropped', 'no session dropped before the step ended',
      `capacity_session_dropped{step:${plan.name}}`, 'count', '<=', 0, (s) => s.connectionsDropped || 0));
  }
  return list;
}

// The thresholds of one step, by submetric: what k6 checks to set its exit code.
export function thresholds(plan, sla) {
  const result = {};
  for (const c of conditions(plan, sla)) {
    result[c.metric] = [...(result[c.metric] || []), c.threshold];
  }
  return result;
}

// The verdict of one step, with the figures every reader shows beside it.
export function judge(step, plan, sla) {
  const missed = conditions(plan, sla).filter((c) => !c.holds(step));
  const lost = (step.connectionsFailed || 0) + (step.connectionsDropped || 0);
  const attempts = step.requests + lost;
  return {
    meets: missed.length === 0,
    judged: step.requests >= MIN_REQUESTS_FOR_PERCENTILE || missed.some((c) => !PER_REQUEST_CONDITIONS.includes(c.id)),
    missed: missed.map((c) => c.id),
    reasons: missed.map((c) => c.says),
    // What the errors column shows: failed requests, and sessions lost, of everything attempted in the step.
    errors: step.failed + lost,
    errorRate: attempts > 0 ? (step.failed + lost) / attempts : 0,
    // Open model: the share of the step's offered arrivals that k6 could not send on time.
    droppedShare: plan.model === 'open' ? (step.dropped || 0) / Math.max(1, plan.concurrency * (plan.warmupSeconds + plan.stepSeconds)) : null,
    // Closed model, window longer than the SLA's p95: clients that got no answer in the whole window, at least.
    unanswered: plan.model === 'closed' && plan.stepSeconds * 1000 > sla.p95Ms ? Math.max(0, plan.concurrency - step.requests) : 0,
  };
}

function percent(rate) {
  return `${Math.round(rate * 100 * 1000) / 1000}%`;
}
