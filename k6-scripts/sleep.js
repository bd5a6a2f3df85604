// Experiment "sleep": Thread.Sleep vs await Task.Delay behind two otherwise identical endpoints.
// A sleeping request holds a thread-pool thread that serves nobody else, and the pool grows only ~1-2
// threads/s, so sync throughput is capped by the thread count; async throughput follows Little's law
// (concurrency / delay) because a delayed request holds no thread at all.
//
//   BASE_URL=http://127.0.0.1:5080 k6 run k6-scripts/sleep.js
//   STEPS=1,10 WARMUP_SECONDS=1 STEP_SECONDS=3 COOLDOWN_SECONDS=0 k6 run k6-scripts/sleep.js   (a quick try)
//
// Environment: see k6-scripts/README.md. Results: RESULTS_FILE (default results/sleep-k6.json).
import { defineExperiment } from './lib/experiment.js';
import { numberEnv } from './lib/config.js';

// The app accepts 0..10000 ms; the default matches the classic field report (a 500 ms action).
const DELAY_MS = numberEnv('DELAY_MS', 500, { min: 0, max: 10000, integer: true });

const sleep = defineExperiment({
  name: 'sleep',
  query: { ms: DELAY_MS },
  variants: {
    sync: { exec: 'sleepSync', path: '/sleep/sync' },
    async: { exec: 'sleepAsync', path: '/sleep/async' },
  },
});

// Scenarios (one per variant × concurrency step) and the per-step SLA thresholds: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = sleep.options;

// Stops the run at once when BASE_URL does not answer /healthz.
export const setup = sleep.setup;

// Blocks a thread-pool thread for DELAY_MS.
export function sleepSync() {
  sleep.hit('sync');
}

// Awaits a timer for DELAY_MS; no thread is held meanwhile.
export function sleepAsync() {
  sleep.hit('async');
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = sleep.handleSummary;
