// Settings shared by every experiment script, read from the environment once in the init context.
// A bad value throws here, before any VU starts, with a message naming the variable and the form it takes.

function raw(name) {
  const value = __ENV[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function invalid(name, value, expected) {
  return new Error(`${name}="${value}" is invalid: expected ${expected}`);
}

export function stringEnv(name, fallback, pattern, expected) {
  const value = raw(name);
  if (value === undefined) return fallback;
  if (pattern && !pattern.test(value)) throw invalid(name, value, expected);
  return value;
}

export function numberEnv(name, fallback, { min = -Infinity, max = Infinity, integer = false } = {}) {
  const value = raw(name);
  if (value === undefined) return fallback;
  const n = Number(value);
  const ok = /^[0-9]+(\.[0-9]+)?$/.test(value) && n >= min && n <= max && (!integer || Number.isInteger(n));
  if (!ok) {
    const kind = integer ? 'an integer' : 'a number';
    const range = max === Infinity ? `>= ${min}` : `between ${min} and ${max}`;
    throw invalid(name, value, `${kind} ${range}`);
  }
  return n;
}

export function listEnv(name, fallback) {
  const value = raw(name);
  return value === undefined ? fallback : value.split(',').map((s) => s.trim());
}

// Steps (concurrent clients in the closed model, arrivals per second in the open one) run ascending whatever order
// they were given in, so a sweep always climbs.
export function stepsEnv(name, fallback) {
  const items = listEnv(name, fallback.map(String));
  if (!items.every((s) => /^[1-9][0-9]*$/.test(s))) {
    throw invalid(name, items.join(','), 'a comma-separated list of positive integers, e.g. 1,10,50');
  }
  return [...new Set(items.map(Number))].sort((a, b) => a - b);
}

export function variantsEnv(name, declared) {
  const items = listEnv(name, declared);
  const unknown = items.filter((v) => !declared.includes(v));
  if (items.length === 0 || unknown.length > 0 || new Set(items).size !== items.length) {
    throw invalid(name, items.join(','), `a comma-separated list of distinct variants among ${declared.join(',')}`);
  }
  return items;
}

// k6 cannot create the results file's directory, and a failed write only logs an error (exit code 0) after the
// whole sweep: so check the directory before anything runs. open() is the init context's only look at the disk;
// it refuses directories, which proves they exist. Only absolute paths are checked: k6 writes relative ones under
// its working directory, which a script cannot learn (open() resolves against the script, PWD may be stale).
// "-" prints the results document on stdout instead (one line, lib/summary.js): a runner on another host or in a pod, whose
// files the harness cannot read, and a k6 archive, whose open() sees only the files bundled in it.
function resultsFileEnv(name, fallback) {
  const file = stringEnv(name, fallback);
  if (file === '-') return file;
  const slash = file.lastIndexOf('/');
  if (!file.startsWith('/') || slash === 0) return file;
  const dir = file.slice(0, slash);
  try {
    open(dir);
  } catch (e) {
    if (!/used with directories/.test(String(e.message))) {
      throw new Error(`${name}="${file}": directory ${dir} does not exist; create it (mkdir -p ${dir}) or set ${name}`);
    }
  }
  return file;
}

// Every default that belongs to the experiment (its variants, steps and SLA) comes from its declaration.
export function readConfig(declaration) {
  const experiment = declaration.id;
  return {
    experiment,
    baseUrl: stringEnv('BASE_URL', 'http://127.0.0.1:5080', /^https?:\/\/[^\s/]+(\/\S*)?$/,
      'an http(s) URL such as http://127.0.0.1:5080').replace(/\/+$/, ''),
    // closed: each step runs N clients that send their next request when the previous one answers (the default).
    // open: each step offers a fixed arrival rate (STEPS are requests per second) whatever the answers take.
    model: stringEnv('MODEL', 'closed', /^(closed|open)$/, 'closed or open'),
    steps: stepsEnv('STEPS', declaration.steps),
    variants: variantsEnv('VARIANTS', declaration.variants.map((v) => v.name)),
    warmupSeconds: numberEnv('WARMUP_SECONDS', 5, { min: 0 }),
    stepSeconds: numberEnv('STEP_SECONDS', 20, { min: 1 }),
    // Load kept on after the measured window, counted nowhere: the capacity CLI takes the app's thread stacks then,
    // under the step's load, without disturbing the window it reports.
    tailSeconds: numberEnv('TAIL_SECONDS', 0, { min: 0 }),
    // 1: every completed request is also counted by the second it completed in (from its step's start), so that a load held
    // for minutes shows when it was caught up with: the results file gets each step's seconds, and a harness reads them live
    // from k6's REST API (--address) as they end.
    perSecond: numberEnv('PER_SECOND', 0, { min: 0, max: 1, integer: true }) === 1,
    // Idle thread-pool threads exit after ~20 s, so a gap longer than that keeps a step from inheriting
    // the threads grown by the one before it. A harness that restarts the app between steps passes 0.
    cooldownSeconds: numberEnv('COOLDOWN_SECONDS', 25, { min: 0 }),
    slaP95Ms: numberEnv('SLA_P95_MS', declaration.sla.p95Ms, { min: 1 }),
    slaErrorRate: numberEnv('SLA_ERROR_RATE', declaration.sla.maxErrorPercent / 100, { min: 0, max: 1 }),
    requestTimeout: stringEnv('REQUEST_TIMEOUT', '60s', /^[0-9]+(ms|s|m)$/, 'a duration such as 60s, 1500ms or 2m'),
    resultsFile: resultsFileEnv('RESULTS_FILE', `results/${experiment}-k6.json`),
    // 1: each measured request is also counted on its side of the SLA's p95 (how many within, the slowest of them; how many
    // beyond, the fastest of them), so that the steps of runners that split one test (execution segments) merge exactly: the
    // union's p95 verdict follows from the counts, as one k6 would give it on all the requests.
    slaSplit: numberEnv('SLA_SPLIT', 0, { min: 0, max: 1, integer: true }) === 1,
  };
}
