// Experiment "content": the same catalogue file served from disk on every request (File.ReadAllBytes) or from
// bytes loaded once at start. The file variant puts blocking I/O, its syscalls and a fresh array per request in the
// handler; the memory variant leaves only the pipeline. Compare server time (Server-Timing) with client latency.
//
//   BASE_URL=http://127.0.0.1:5080 k6 run k6-scripts/content.js
//   STEPS=1,10 WARMUP_SECONDS=1 STEP_SECONDS=3 COOLDOWN_SECONDS=0 k6 run k6-scripts/content.js   (a quick try)
//   CONTENT_NAME=large.bin k6 run k6-scripts/content.js   (the 1 MB file)
//
// Environment: see k6-scripts/README.md. Results: RESULTS_FILE (default results/content-k6.json).
import { defineExperiment } from './lib/experiment.js';
import { stringEnv } from './lib/config.js';

// The app's fixed catalogue (GET /content lists it); anything else would answer 404 on every request.
const CONTENT_NAME = stringEnv('CONTENT_NAME', 'small.html', /^(small\.html|medium\.json|large\.bin)$/,
  'one of small.html (~1 KB), medium.json (64 KB), large.bin (1 MB)');

const content = defineExperiment({
  name: 'content',
  pathParameters: { name: CONTENT_NAME },
  variants: {
    file: { exec: 'contentFile', path: '/content/file/{name}' },
    memory: { exec: 'contentMemory', path: '/content/memory/{name}' },
  },
});

// Scenarios (one per variant × concurrency step) and the per-step SLA thresholds: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = content.options;

// Stops the run at once when BASE_URL does not answer /healthz.
export const setup = content.setup;

// Reads the file from disk on every request, blocking a thread-pool thread meanwhile.
export function contentFile() {
  content.hit('file');
}

// Serves the same bytes from memory; no I/O in the handler.
export function contentMemory() {
  content.hit('memory');
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = content.handleSummary;
