// Every load kind an experiment can declare ("load" in experiments/*.json), and the module that sends one iteration of
// it: the same names as AsyncCapacity.Contracts' LoadKind, whose K6Module names these files. A kind says whether each
// client holds a session for the whole step (the SLA then counts sessions that failed or dropped), how a variant's URL
// is built, and how one iteration runs.
import { measuredRequest, queryString } from './request.js';
import { session, websocketUrl } from './websocket.js';

export const kinds = {
  http: {
    sessions: false,
    url: (baseUrl, path, query) => baseUrl + path + queryString(query),
    hit: (config, variant, target, body) => measuredRequest(config, variant, target.method, target.url, body, target.route, target.headers),
  },
  websocket: {
    sessions: true,
    url: (baseUrl, path, query, tls) => websocketUrl(baseUrl, path, tls),
    hit: (config, variant, target, body, values) => session(config, variant, target.url, Number(values.size)),
  },
};

export function kindOf(declaration) {
  const kind = kinds[declaration.load];
  if (!kind) {
    throw new Error(`${declaration.id}: load '${declaration.load}' is not a kind this script knows (${Object.keys(kinds).join(', ')})`);
  }
  return kind;
}
