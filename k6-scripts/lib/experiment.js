// The one entry point an experiment script uses: it names the experiment, its variants and the query it
// sends, and gets back everything k6 looks for (options, setup, handleSummary) plus the request helper.
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { measuredRequest, queryString } from './request.js';
import { checkTarget } from './target.js';
import { summarize } from './summary.js';

// variants: { name: { exec: 'exportedFunctionName', path: '/experiment/name', query?: {...} } }
// query: parameters sent to every variant (a pair differs in one thing only), recorded in the results file.
// pathParameters: parameters that fill {placeholders} in the variants' paths (e.g. /content/file/{name}), recorded too.
// method, body: for experiments that POST; body is a function so each request can carry its own payload.
export function defineExperiment({ name, variants, query = {}, pathParameters = {}, method = 'GET', body = null }) {
  for (const v of Object.keys(variants)) {
    // Variant names become scenario names and tag values.
    if (!/^[A-Za-z0-9-]+$/.test(v)) throw new Error(`variant "${v}" of ${name}: use letters, digits and '-'`);
  }
  const config = readConfig(name, Object.keys(variants));
  const sent = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const inPath = Object.fromEntries(Object.entries(pathParameters).map(([k, v]) => [k, String(v)]));
  const parameters = { ...inPath, ...sent };
  const fill = (path) => path.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(inPath[key]));
  const urls = Object.fromEntries(
    Object.entries(variants).map(([v, d]) => [v, config.baseUrl + fill(d.path) + queryString({ ...sent, ...d.query })]),
  );
  return {
    config,
    options: buildOptions(config, variants),
    setup: () => checkTarget(config.baseUrl),
    handleSummary: (data) => summarize(data, config, parameters),
    hit: (variant) => measuredRequest(config, variant, method, urls[variant], body && body(), variants[variant].path),
  };
}
