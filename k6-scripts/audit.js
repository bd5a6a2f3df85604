// Experiment "audit": every request records an audit entry and is answered once the entry is committed.
// The bounded variant hands entries to 5 dedicated writer threads that insert one at a time (and its request thread
// waits on them): a small pool in the request path caps the whole service, then answers 503 "Server Too Busy".
// The async variant batches entries through an asynchronous writer with the same durability promise.
//
//   BASE_URL=http://127.0.0.1:5080 k6 run k6-scripts/audit.js
//   STEPS=1,10 WARMUP_SECONDS=1 STEP_SECONDS=3 COOLDOWN_SECONDS=0 k6 run k6-scripts/audit.js   (a quick try)
//
// Environment: see k6-scripts/README.md. Results: RESULTS_FILE (default results/audit-k6.json).
import exec from 'k6/execution';
import { defineExperiment } from './lib/experiment.js';

// A small JSON entry; the actor names the virtual user and its iteration, so every entry is unique.
function entry() {
  return JSON.stringify({
    actor: `k6-vu${exec.vu.idInTest}-${exec.vu.iterationInScenario}`,
    action: 'checkout',
    detail: `step ${exec.scenario.name}`,
  });
}

const audit = defineExperiment({
  name: 'audit',
  method: 'POST',
  body: entry,
  variants: {
    bounded: { exec: 'auditBounded', path: '/audit/bounded' },
    async: { exec: 'auditAsync', path: '/audit/async' },
  },
});

// Scenarios (one per variant × concurrency step) and the per-step SLA thresholds: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = audit.options;

// Stops the run at once when BASE_URL does not answer /healthz.
export const setup = audit.setup;

// Five writer threads insert one entry at a time; this request's thread waits for its entry.
export function auditBounded() {
  audit.hit('bounded');
}

// A channel drained in batches by an asynchronous writer; the request awaits its entry without a thread.
export function auditAsync() {
  audit.hit('async');
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = audit.handleSummary;
