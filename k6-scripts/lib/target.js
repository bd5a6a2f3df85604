// setup(): a sweep against a target that is down would run for many minutes and report nothing but errors,
// so it stops at once with a message that says what to do.
import http from 'k6/http';
import exec from 'k6/execution';

export function checkTarget(baseUrl) {
  const url = `${baseUrl}/healthz`;
  const res = http.get(url, { timeout: '5s', tags: { name: 'healthz' } });
  if (res.status !== 200) {
    const answer = res.status === 0 ? res.error || 'no answer' : `HTTP ${res.status}`;
    exec.test.abort(`target ${baseUrl} is not answering /healthz (${answer}); start the app or set BASE_URL`);
  }
  // Taken after the health check, just before the first scenario starts: step times are offsets from here.
  return { startedAtMs: Date.now() };
}
