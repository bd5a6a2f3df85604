// The one entry point of sweep.js: a declaration and the parameter values SET asks for in, everything k6 looks for out
// (options, setup, handleSummary) plus one iteration of a variant, sent by its load kind's module (lib/kinds.js). The
// values the load uses are the ones the app answers in setup(): checked with the declared rules and canonical, every
// parameter present.
import exec from 'k6/execution';
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { kindOf } from './kinds.js';
import { queryString } from './request.js';
import { checkParameters, checkTarget } from './target.js';
import { summarize } from './summary.js';

export function defineExperiment(declaration, requested) {
  const kind = kindOf(declaration);
  const config = { ...readConfig(declaration), sessions: kind.sessions };
  const parameters = declaration.parameters || [];
  // Decided before setup(), since options carry it: only "true" (the app refuses any other spelling in setup()).
  const tlsParameter = parameters.find((p) => p.role === 'tls');
  const tls = tlsParameter !== undefined && (requested[tlsParameter.name] ?? String(tlsParameter.default)) === 'true';

  // Each VU builds its variants' URLs once, from the values setup() returned.
  let variants;
  const variantsFor = (values) => {
    if (variants) return variants;
    const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]]));
    const fill = (route) => route.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name]));
    variants = Object.fromEntries(declaration.variants.map((v) => [v.name, {
      method: v.method,
      route: v.route,
      url: kind.url(config.baseUrl, fill(v.route), query, tls),
    }]));
    return variants;
  };

  return {
    config,
    // wss:// goes to the app's TLS listener, whose certificate the app made itself at start.
    options: { ...buildOptions(config), ...(tls ? { insecureSkipTLSVerify: true } : {}) },
    setup: () => {
      checkTarget(config.baseUrl);
      const values = checkParameters(config.baseUrl, declaration.id, queryString(requested));
      // Taken last, just before the first scenario starts: step times are offsets from here.
      const startedAtMs = Date.now();
      // One line the capacity CLI watches for: it knows then when each step's measured window ends.
      console.log(`asynccapacity: scenarios start at ${startedAtMs}`);
      return { startedAtMs, parameters: values };
    },
    // k6 hands setup()'s data to handleSummary through a Go map, whose keys come in random order: put them back in the
    // declared order, so that every results file lists the parameters alike.
    handleSummary: (data) => summarize(data, config, inDeclaredOrder(parameters, data.setup_data && data.setup_data.parameters)),
    hit: (name, data) => kind.hit(config, name, variantsFor(data.parameters)[name], body(declaration.body), data.parameters),
  };
}

function inDeclaredOrder(parameters, values) {
  if (!values) return values;
  const declared = parameters.map((p) => p.name).filter((name) => name in values);
  const others = Object.keys(values).filter((name) => !declared.includes(name));
  return Object.fromEntries([...declared, ...others].map((name) => [name, values[name]]));
}

// The declared body with {vu}, {iteration} and {step} filled in, so that every request's body is its own.
function body(template) {
  if (!template) return null;
  const fill = (text) => text
    .replaceAll('{vu}', String(exec.vu.idInTest))
    .replaceAll('{iteration}', String(exec.vu.iterationInScenario))
    .replaceAll('{step}', exec.scenario.name);
  return JSON.stringify(Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(String(v))])));
}
