// The experiment to sweep, as a declaration file gives it (the lab's schema, experiments/experiment.schema.json): any
// file (DECLARATION, absolute), or the lab's own experiments/<EXPERIMENT>.json. Nothing is asked of the app: SET's values
// are checked here with the declared rules (lib/parameters.js), before any VU starts (k6 exit code 107).
import { listEnv, stringEnv } from './config.js';
import { resolveValues } from './parameters.js';

export function loadDeclaration() {
  const id = stringEnv('EXPERIMENT', undefined, /^[a-z][a-z0-9-]*$/, 'the id of an experiment declared in experiments/, e.g. sleep');
  const file = stringEnv('DECLARATION', undefined, /^\//, 'the absolute path of a declaration file, e.g. /home/you/my-pair.json');
  if (file !== undefined) {
    const declaration = parse(read(file, `DECLARATION="${file}": no such file`), `DECLARATION="${file}"`);
    if (id !== undefined && id !== declaration.id) {
      throw new Error(`EXPERIMENT="${id}" but DECLARATION="${file}" declares "${declaration.id}": leave EXPERIMENT out, or name the same one`);
    }
    return declaration;
  }
  if (id === undefined) {
    throw new Error('Neither DECLARATION nor EXPERIMENT is set: give a declaration file (-e DECLARATION=/abs/path/my-pair.json) or the id '
      + 'of one of the lab\'s (-e EXPERIMENT=sleep; experiments/*.json are the declared ones)');
  }
  // Relative to this module, not to k6's working directory; EXPERIMENTS_DIR (absolute) points elsewhere, e.g. a container mount.
  const dir = stringEnv('EXPERIMENTS_DIR', undefined);
  const path = dir ? `${dir.replace(/\/+$/, '')}/${id}.json` : import.meta.resolve(`../../experiments/${id}.json`);
  const text = read(path, `EXPERIMENT="${id}": no declaration at ${path}; experiments/*.json are the declared ones (or set EXPERIMENTS_DIR or DECLARATION)`);
  return parse(text, `EXPERIMENT="${id}"`);
}

// The folder a declaration's bodyFile paths are relative to: the DECLARATION file's, or the lab's experiments/.
export function declarationDir() {
  const file = stringEnv('DECLARATION', undefined, /^\//, 'the absolute path of a declaration file');
  if (file !== undefined) return file.slice(0, file.lastIndexOf('/')) || '/';
  const dir = stringEnv('EXPERIMENTS_DIR', undefined);
  return dir || import.meta.resolve('../../experiments/').replace(/^file:\/\//, '');
}

function read(path, missing) {
  try {
    return open(path);
  } catch (e) {
    throw new Error(missing);
  }
}

// The CLI checks a declaration's shape and rules (capacity experiments --experiment-file F); k6 needs what it sends.
function parse(text, what) {
  let declaration;
  try {
    declaration = JSON.parse(text);
  } catch (e) {
    throw new Error(`${what}: not valid JSON (${e.message})`);
  }
  const ok = declaration && typeof declaration.id === 'string' && Array.isArray(declaration.variants) && Array.isArray(declaration.steps)
    && declaration.sla && typeof declaration.sla.p95Ms === 'number';
  if (!ok) {
    throw new Error(`${what}: expected a declaration with id, variants, steps and sla; check it with capacity experiments --experiment-file FILE`);
  }
  return declaration;
}

// Every parameter's canonical value, SET's checked by the declared rules, the others at their defaults; a name the
// declaration does not have, or a value its rule refuses, stops k6 with the rule's message.
export function parameterValues(declaration) {
  const { values, errors } = resolveValues(declaration, requestedValues(declaration));
  const refused = Object.values(errors);
  if (refused.length > 0) throw new Error(`SET: ${refused.join(' ')}`);
  return values;
}

// SET="ms=200" or SET="sleep.ms=200,db.ms=20": the entries for this experiment, as [name, value] in the order given;
// entries for another experiment are left alone, so that one SET serves a whole run-all.sh.
export function requestedValues(declaration) {
  const requested = [];
  for (const entry of listEnv('SET', []).filter((e) => e !== '')) {
    const eq = entry.indexOf('=');
    if (eq < 1) throw new Error(`SET="${__ENV.SET}": each entry is name=value or experiment.name=value; got "${entry}"`);
    const key = entry.slice(0, eq);
    const dot = key.indexOf('.');
    const [scope, name] = dot < 0 ? [declaration.id, key] : [key.slice(0, dot), key.slice(dot + 1)];
    if (scope === declaration.id) requested.push([name, entry.slice(eq + 1)]);
  }
  return requested;
}
