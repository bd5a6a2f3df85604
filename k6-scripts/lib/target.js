// setup(): a sweep against a target that is down, or that refuses its parameters, would run for many minutes and report
// nothing but errors, so it stops at once with a message that says what to do.
import http from 'k6/http';
import exec from 'k6/execution';

export function checkTarget(baseUrl) {
  const url = `${baseUrl}/healthz`;
  const res = http.get(url, { timeout: '5s', tags: { name: 'healthz' } });
  if (res.status !== 200) {
    const answer = res.status === 0 ? res.error || 'no answer' : `HTTP ${res.status}`;
    exec.test.abort(`target ${baseUrl} is not answering /healthz (${answer}); start the app or set BASE_URL`);
  }
}

// The parameter values as the app reads them: it checks the requested ones (query: "?ms=200") with the declared rules,
// the same code that checks its requests and the CLI's --set, and answers every parameter's canonical value, defaults
// filled in; a refused name or value stops the run with the app's own message ("'ms' must be a whole number from 0 to
// 10000; got 'abc'.").
export function checkParameters(baseUrl, experiment, query) {
  const url = `${baseUrl}/diag/parameters/${encodeURIComponent(experiment)}${query}`;
  // The body is needed here, whatever discardResponseBodies says for the load.
  const res = http.get(url, { timeout: '5s', responseType: 'text', tags: { name: 'parameters' } });
  const answer = res.status === 200 || res.status === 400 || res.status === 404 ? parse(res.body) : null;
  if (res.status === 200 && answer && answer.parameters) return answer.parameters;
  if (res.status === 400 && answer && answer.detail) exec.test.abort(`SET: ${answer.detail}`);
  const why = answer && answer.detail ? answer.detail : `HTTP ${res.status}`;
  exec.test.abort(`target ${baseUrl} cannot check the parameters of ${experiment} (${why}); start this version of the app or set BASE_URL`);
  return undefined;
}

function parse(body) {
  try {
    return JSON.parse(body);
  } catch (e) {
    return null;
  }
}
