// The instrument's baseline: CLIENTS clients in a closed loop on BASE_URL/hello, WARMUP_SECONDS of warm-up then
// STEP_SECONDS measured, and a results file with the measured window's requests per second. `capacity sweep --baseline`
// runs it against the lab's app and against bench/MinimalApp in alternating rounds; the ratio is the report's
// "instrument overhead". Only the measured window counts: its requests carry the tag phase=measure.
//
//   k6 run -e BASE_URL=http://127.0.0.1:5080 -e RESULTS_FILE=results/baseline.json k6-scripts/baseline.js
import http from 'k6/http';
import { numberEnv, stringEnv } from './lib/config.js';
import { checkTarget } from './lib/target.js';

const baseUrl = stringEnv('BASE_URL', 'http://127.0.0.1:5080', /^https?:\/\/[^\s/]+$/, 'http(s)://host:port, no trailing slash');
const clients = numberEnv('CLIENTS', 50, { min: 1, max: 10000, integer: true });
const warmup = numberEnv('WARMUP_SECONDS', 2, { min: 0 });
const measure = numberEnv('STEP_SECONDS', 6, { min: 1 });
const resultsFile = stringEnv('RESULTS_FILE', 'results/baseline.json');

const scenario = (phase, startSeconds, seconds) => ({
  executor: 'constant-vus',
  vus: clients,
  duration: `${seconds}s`,
  startTime: `${startSeconds}s`,
  gracefulStop: '2s',
  exec: 'hello',
  tags: { phase },
});

export const options = {
  scenarios: {
    ...(warmup > 0 ? { warmup: scenario('warmup', 0, warmup) } : {}),
    measure: scenario('measure', warmup, measure),
  },
  // A threshold on the measured window's submetrics makes k6 keep them apart in the summary; it cannot fail.
  thresholds: {
    'http_reqs{phase:measure}': ['count>=0'],
    'http_req_failed{phase:measure}': ['rate>=0'],
    'http_req_duration{phase:measure}': ['max>=0'],
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max'],
};

// Both apps answer /hello: the path the baseline measures is the one that says they are up.
export const setup = () => checkTarget(baseUrl, '/hello');

export function hello() {
  http.get(`${baseUrl}/hello`, { tags: { name: 'hello' } });
}

export function handleSummary(data) {
  const requests = data.metrics['http_reqs{phase:measure}']?.values.count ?? 0;
  const failed = data.metrics['http_req_failed{phase:measure}']?.values.rate ?? 0;
  const duration = data.metrics['http_req_duration{phase:measure}']?.values ?? {};
  const result = {
    format: 'asynccapacity-k6-baseline/1',
    route: '/hello',
    clients,
    seconds: measure,
    requests,
    rps: requests / measure,
    errorRate: failed,
    p50Ms: duration.med ?? null,
    p95Ms: duration['p(95)'] ?? null,
  };
  return {
    [resultsFile]: JSON.stringify(result, null, 2),
    stdout: `/hello: ${result.rps.toFixed(0)} req/s with ${clients} clients, errors ${(failed * 100).toFixed(2)}%\n`,
  };
}
