// The one entry point of sweep.js: a declaration and its parameter values in (checked with the declared rules and
// canonical, every parameter present: lib/parameters.js), everything k6 looks for out (options, setup, handleSummary)
// plus one iteration of a variant, sent by its load kind's module (lib/kinds.js). Nothing is asked of the app.
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { kindOf } from './kinds.js';
import { checkTarget, readyPath } from './target.js';
import { summarize } from './summary.js';
import { fillBody, requestShapes } from './shapes.js';

export function defineExperiment(declaration, values, baseDir) {
  const kind = kindOf(declaration);
  const config = { ...readConfig(declaration), sessions: kind.sessions, declaration };
  const shapes = requestShapes(declaration, baseDir);
  const ready = readyPath();
  const parameters = declaration.parameters || [];
  const tlsParameter = parameters.find((p) => p.role === 'tls');
  const tls = tlsParameter !== undefined && values[tlsParameter.name] === 'true';

  // The variants' URLs, built once per VU: path parameters filled, query parameters in declared order.
  const query = Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]]));
  const fill = (route) => route.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name]));
  const variants = Object.fromEntries(declaration.variants.map((v) => [v.name, {
    method: v.method,
    route: v.route,
    url: kind.url(config.baseUrl, fill(v.route), query, tls),
    headers: shapes[v.name].headers,
  }]));

  return {
    config,
    // wss:// goes to the app's TLS listener, whose certificate the app made itself at start.
    options: { ...buildOptions(config), ...(tls ? { insecureSkipTLSVerify: true } : {}) },
    setup: () => {
      checkTarget(config.baseUrl, ready);
      // Taken last, just before the first scenario starts: step times are offsets from here.
      const startedAtMs = Date.now();
      // One line the capacity CLI watches for: it knows then when each step's measured window ends.
      console.log(`asynccapacity: scenarios start at ${startedAtMs}`);
      return { startedAtMs };
    },
    // The values in declared order (resolveValues builds them so), so that every results file lists the parameters alike.
    handleSummary: (data) => summarize(data, config, values),
    hit: (name) => kind.hit(config, name, variants[name], fillBody(shapes[name].template), values),
  };
}
