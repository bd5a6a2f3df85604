// The experiment as experiments/<id>.json declares it (the file the app, the CLI and the report read too), and its
// parameters' values: the declared defaults, overridden by SET. A bad name or value throws here, in the init context,
// before any VU starts (k6 exit code 107), with the same words the app and the CLI use.
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

// SET="ms=200" or SET="sleep.ms=200,db.ms=20": entries for another experiment are left alone (one SET serves a whole
// run-all.sh), entries for this one must name a declared parameter and stay within its bounds.
export function parameterValues(declaration) {
  const parameters = declaration.parameters || [];
  const values = Object.fromEntries(parameters.map((p) => [p.name, String(p.default)]));
  for (const entry of listEnv('SET', []).filter((e) => e !== '')) {
    const eq = entry.indexOf('=');
    if (eq < 1) throw new Error(`SET="${__ENV.SET}": each entry is name=value or experiment.name=value; got "${entry}"`);
    const key = entry.slice(0, eq);
    const dot = key.indexOf('.');
    const [scope, name] = dot < 0 ? [declaration.id, key] : [key.slice(0, dot), key.slice(dot + 1)];
    if (scope !== declaration.id) continue;
    const parameter = parameters.find((p) => p.name === name);
    if (!parameter) {
      const known = parameters.map((p) => p.name).join(', ') || 'none';
      throw new Error(`SET: ${declaration.id} declares no parameter '${name}' (it declares: ${known})`);
    }
    values[name] = validate(parameter, entry.slice(eq + 1));
  }
  return values;
}

function validate(parameter, raw) {
  if (parameter.type === 'integer') {
    const n = Number(raw);
    if (!/^[+-]?[0-9]+$/.test(raw) || n < parameter.min || n > parameter.max) {
      throw new Error(`SET: '${parameter.name}' must be a whole number from ${parameter.min} to ${parameter.max}; got '${raw}'.`);
    }
    return String(n);
  }
  if (!(parameter.choices || []).includes(raw)) {
    throw new Error(`SET: '${parameter.name}' must be one of ${(parameter.choices || []).join(', ')}; got '${raw}'.`);
  }
  return raw;
}
