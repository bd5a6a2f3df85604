// The experiment as experiments/<id>.json declares it (the file the app, the CLI and the report read too), and the
// parameter values SET asks for. Only SET's syntax is checked here (k6 exit code 107 before any VU starts); the values
// themselves are the app's to judge, with the declared rules, when setup() asks it (lib/target.js).
import { listEnv, stringEnv } from './config.js';

export function loadDeclaration() {
  const id = stringEnv('EXPERIMENT', undefined, /^[a-z][a-z0-9-]*$/, 'the id of an experiment declared in experiments/, e.g. sleep');
  if (id === undefined) {
    throw new Error('EXPERIMENT is not set: name the experiment to sweep, e.g. k6 run -e EXPERIMENT=sleep k6-scripts/sweep.js (experiments/*.json are the declared ones)');
  }
  // Relative to this module, not to k6's working directory; EXPERIMENTS_DIR (absolute) points elsewhere, e.g. a container mount.
  const dir = stringEnv('EXPERIMENTS_DIR', undefined);
  const path = dir ? `${dir.replace(/\/+$/, '')}/${id}.json` : import.meta.resolve(`../../experiments/${id}.json`);
  let text;
  try {
    text = open(path);
  } catch (e) {
    throw new Error(`EXPERIMENT="${id}": no declaration at ${path}; experiments/*.json are the declared ones (or set EXPERIMENTS_DIR)`);
  }
  return JSON.parse(text);
}

// SET="ms=200" or SET="sleep.ms=200,db.ms=20": the entries for this experiment, as { name: value } (the last one of a
// name wins); entries for another experiment are left alone, so that one SET serves a whole run-all.sh.
export function requestedValues(declaration) {
  const requested = {};
  for (const entry of listEnv('SET', []).filter((e) => e !== '')) {
    const eq = entry.indexOf('=');
    if (eq < 1) throw new Error(`SET="${__ENV.SET}": each entry is name=value or experiment.name=value; got "${entry}"`);
    const key = entry.slice(0, eq);
    const dot = key.indexOf('.');
    const [scope, name] = dot < 0 ? [declaration.id, key] : [key.slice(0, dot), key.slice(dot + 1)];
    if (scope === declaration.id) requested[name] = entry.slice(eq + 1);
  }
  return requested;
}
