// The one entry point of sweep.js: a declaration and its parameter values in, everything k6 looks for out (options,
// setup, handleSummary) plus the request of one variant.
import exec from 'k6/execution';
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { measuredRequest, queryString } from './request.js';
import { checkTarget } from './target.js';
import { summarize } from './summary.js';
import { session, websocketUrl } from './websocket.js';

export function defineExperiment(declaration, values) {
  const config = readConfig(declaration);
  const parameters = declaration.parameters || [];
  const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]]));
  const fill = (route) => route.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name]));
  const websocket = declaration.load === 'websocket';
  const tlsParameter = parameters.find((p) => p.role === 'tls');
  const tls = websocket && tlsParameter !== undefined && values[tlsParameter.name] === 'true';
  const variants = Object.fromEntries(declaration.variants.map((v) => [v.name, {
    method: v.method,
    route: v.route,
    url: websocket ? websocketUrl(config.baseUrl, fill(v.route), tls) : config.baseUrl + fill(v.route) + queryString(query),
  }]));
  return {
    config,
    // wss:// goes to the app's TLS listener, whose certificate the app made itself at start.
    options: { ...buildOptions(config, websocket), ...(tls ? { insecureSkipTLSVerify: true } : {}) },
    setup: () => checkTarget(config.baseUrl),
    handleSummary: (data) => summarize(data, config, values),
    hit: (name) => {
      const variant = variants[name];
      if (websocket) return session(config, name, variant.url, Number(values.size));
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
