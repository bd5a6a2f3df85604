// Experiment "db": the same query (the database waits DELAY_MS, then returns a row) through synchronous and
// asynchronous ADO.NET. Both are capped by the connection pool (pool size ÷ query time); the synchronous variant
// also holds a thread-pool thread for every request waiting on the pool or the socket, so it starves first.
//
//   BASE_URL=http://127.0.0.1:5080 k6 run k6-scripts/db.js
//   STEPS=1,10 WARMUP_SECONDS=1 STEP_SECONDS=3 COOLDOWN_SECONDS=0 k6 run k6-scripts/db.js   (a quick try)
//
// Environment: see k6-scripts/README.md. Results: RESULTS_FILE (default results/db-k6.json).
import { defineExperiment } from './lib/experiment.js';
import { numberEnv } from './lib/config.js';

// The app accepts 0..10000 ms; 50 ms is a slow but ordinary query.
const DELAY_MS = numberEnv('DELAY_MS', 50, { min: 0, max: 10000, integer: true });

const db = defineExperiment({
  name: 'db',
  query: { ms: DELAY_MS },
  variants: {
    sync: { exec: 'dbSync', path: '/db/sync' },
    async: { exec: 'dbAsync', path: '/db/async' },
  },
});

// Scenarios (one per variant × concurrency step) and the per-step SLA thresholds: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = db.options;

// Stops the run at once when BASE_URL does not answer /healthz.
export const setup = db.setup;

// Open, ExecuteReader, Read: a thread-pool thread waits for the pool and the database.
export function dbSync() {
  db.hit('sync');
}

// OpenAsync, ExecuteReaderAsync, ReadAsync: no thread is held while waiting.
export function dbAsync() {
  db.hit('async');
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = db.handleSummary;
