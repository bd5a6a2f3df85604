// The one entry point an experiment script uses: it names the experiment, its variants and the query it
// sends, and gets back everything k6 looks for (options, setup, handleSummary) plus the request helper.
import { readConfig } from './config.js';
import { buildOptions } from './sweep.js';
import { measuredGet, queryString } from './request.js';
import { checkTarget } from './target.js';
import { summarize } from './summary.js';

// variants: { name: { exec: 'exportedFunctionName', path: '/experiment/name', query?: {...} } }
// query: parameters sent to every variant (a pair differs in one thing only), recorded in the results file.
export function defineExperiment({ name, variants, query = {} }) {
  for (const v of Object.keys(variants)) {
    // Variant names become scenario names and tag values.
    if (!/^[A-Za-z0-9-]+$/.test(v)) throw new Error(`variant "${v}" of ${name}: use letters, digits and '-'`);
  }
  const config = readConfig(name, Object.keys(variants));
  const parameters = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const urls = Object.fromEntries(
    Object.entries(variants).map(([v, d]) => [v, config.baseUrl + d.path + queryString({ ...parameters, ...d.query })]),
  );
  return {
    config,
    options: buildOptions(config, variants),
    setup: () => checkTarget(config.baseUrl),
    handleSummary: (data) => summarize(data, config, parameters),
    hit: (variant) => measuredGet(config, variant, urls[variant], variants[variant].path),
  };
}
