// The one entry point of sweep.js: a declaration and the parameter values SET asks for in, everything k6 looks for out
// (options, setup, handleSummary) plus the request of one variant. The values the load uses are the ones the app
// answers in setup(): checked with the declared rules and canonical, every parameter present.
import exec from 'k6/execution';
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { measuredRequest, queryString } from './request.js';
import { checkParameters, checkTarget } from './target.js';
import { summarize } from './summary.js';
import { session, websocketUrl } from './websocket.js';

export function defineExperiment(declaration, requested) {
  const config = readConfig(declaration);
  const parameters = declaration.parameters || [];
  const websocket = declaration.load === 'websocket';
  // Decided before setup(), since options carry it: only "true" (the app refuses any other spelling in setup()).
  const tlsParameter = parameters.find((p) => p.role === 'tls');
  const tls = websocket && tlsParameter !== undefined && (requested[tlsParameter.name] ?? String(tlsParameter.default)) === 'true';

  // Each VU builds its variants' URLs once, from the values setup() returned.
  let variants;
  const variantsFor = (values) => {
    if (variants) return variants;
    const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]]));
    const fill = (route) => route.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name]));
    variants = Object.fromEntries(declaration.variants.map((v) => [v.name, {
      method: v.method,
      route: v.route,
      url: websocket ? websocketUrl(config.baseUrl, fill(v.route), tls) : config.baseUrl + fill(v.route) + queryString(query),
    }]));
    return variants;
  };

  return {
    config,
    // wss:// goes to the app's TLS listener, whose certificate the app made itself at start.
    options: { ...buildOptions(config, websocket), ...(tls ? { insecureSkipTLSVerify: true } : {}) },
    setup: () => {
      checkTarget(config.baseUrl);
      const values = checkParameters(config.baseUrl, declaration.id, queryString(requested));
      // Taken last, just before the first scenario starts: step times are offsets from here.
      return { startedAtMs: Date.now(), parameters: values };
    },
    handleSummary: (data) => summarize(data, config, data.setup_data && data.setup_data.parameters),
    hit: (name, data) => {
      const variant = variantsFor(data.parameters)[name];
      if (websocket) return session(config, name, variant.url, Number(data.parameters.size));
      return measuredRequest(config, name, variant.method, variant.url, body(declaration.body), variant.route);
    },
  };
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
