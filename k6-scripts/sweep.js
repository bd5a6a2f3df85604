// The sweep of one declared experiment (experiments/<EXPERIMENT>.json): every variant, one after another, at every
// concurrency step, closed model (N virtual users, no think time: "N concurrent clients"), then a results file that
// `capacity report` reads. The declaration gives the variants' routes, the parameters, the steps and the SLA; the
// environment overrides them (k6-scripts/README.md).
//
//   k6 run -e EXPERIMENT=sleep k6-scripts/sweep.js
//   k6 run -e EXPERIMENT=sleep -e SET=ms=200 -e STEPS=1,10 -e WARMUP_SECONDS=1 -e STEP_SECONDS=3 -e COOLDOWN_SECONDS=0 k6-scripts/sweep.js
import { loadDeclaration, requestedValues } from './lib/declaration.js';
import { defineExperiment } from './lib/experiment.js';

const declaration = loadDeclaration();
const sweep = defineExperiment(declaration, requestedValues(declaration));

// Scenarios (one per variant × concurrency step) and the per-step thresholds that ARE the SLA: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = sweep.options;

// Stops the run at once when BASE_URL does not answer /healthz or refuses a parameter value (the app's message);
// otherwise returns the parameter values the app checked, which every request uses.
export const setup = sweep.setup;

// One request of the scenario's variant (its env names it), measured when its response arrives.
export function request(data) {
  sweep.hit(__ENV.VARIANT, data);
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = sweep.handleSummary;
