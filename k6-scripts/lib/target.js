// setup(): a sweep against a target that is down would run for many minutes and report nothing but errors, so it stops
// at once with a message that says what to do. Any app will do: READY_PATH (default "/") needs only an answer, and any
// status below 500 counts as up (a 404 at "/" is an app that listens).
import http from 'k6/http';
import exec from 'k6/execution';
import { stringEnv } from './config.js';

export function readyPath() {
  return stringEnv('READY_PATH', '/', /^\/\S*$/, "a path starting with '/', e.g. /healthz");
}

export function checkTarget(baseUrl, path = readyPath()) {
  const url = `${baseUrl}${path}`;
  const res = http.get(url, { timeout: '5s', tags: { name: 'ready' } });
  if (res.status === 0 || res.status >= 500) {
    const answer = res.status === 0 ? res.error || 'no answer' : `HTTP ${res.status}`;
    exec.test.abort(`target ${baseUrl} is not answering ${path} (${answer}); start the app, or set BASE_URL or READY_PATH`);
  }
}
