// The sweep of one declared experiment (a DECLARATION file, or the lab's experiments/<EXPERIMENT>.json): every variant,
// one after another, at every concurrency step, closed model (N virtual users, no think time: "N concurrent clients"),
// then a results file that `capacity report` reads. The declaration gives the variants' routes, the parameters, the
// steps and the SLA; the environment overrides them (k6-scripts/README.md). Nothing is asked of the app but answers.
//
//   k6 run -e DECLARATION=/abs/path/my-pair.json -e BASE_URL=http://127.0.0.1:5000 k6-scripts/sweep.js
//   k6 run -e EXPERIMENT=sleep k6-scripts/sweep.js
//   k6 run -e EXPERIMENT=sleep -e SET=ms=200 -e STEPS=1,10 -e WARMUP_SECONDS=1 -e STEP_SECONDS=3 -e COOLDOWN_SECONDS=0 k6-scripts/sweep.js
import { declarationDir, loadDeclaration, parameterValues } from './lib/declaration.js';
import { defineExperiment } from './lib/experiment.js';

const declaration = loadDeclaration();
// SET's values, checked with the declared rules: a refused one stops k6 here (exit code 107) with the rule's message.
const sweep = defineExperiment(declaration, parameterValues(declaration), declarationDir());

// Scenarios (one per variant × concurrency step) and the per-step thresholds that ARE the SLA: see lib/sweep.js.
// A crossed threshold (exit code 99) means a step missed the SLA: a finding, not a harness failure.
export const options = sweep.options;

// Stops the run at once when BASE_URL does not answer READY_PATH (default "/") below 500.
export const setup = sweep.setup;

// One request of the scenario's variant (its env names it), measured when its response arrives.
export function request() {
  sweep.hit(__ENV.VARIANT);
}

// Writes the results file (the CLI's input) and prints one line per step.
export const handleSummary = sweep.handleSummary;
