// One WebSocket client of a "websocket" experiment: connect, send a message, wait for its echo, send again, until the
// step ends; then close. A k6 iteration is the whole session, so a client whose connection fails or drops starts a
// new one at once (and the SLA's judge counts every session that failed or dropped: lib/judge.js). The payload starts with its send time in Unix ms, so the round trip
// is measured from the echo itself, with Date.now()'s resolution: 1 ms.
import { WebSocket } from 'k6/websockets';
import { setTimeout, clearTimeout } from 'k6/timers';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import { addSplit, phaseOf, secondTag } from './request.js';

// The same metrics as an HTTP step, so the analysis reads an echo as a request: capacity_reqs counts echoes,
// capacity_req_duration is the round trip, capacity_req_failed is true for an echo that came back wrong. Sessions that
// failed to open or dropped are counted apart (below), over the whole step, and the judge misses any step with one.
const requests = new Counter('capacity_reqs');
const failed = new Rate('capacity_req_failed');
const duration = new Trend('capacity_req_duration', true);

// Per connection, tagged by step only: clients connect during the warm-up, so a phase tag would hide them.
const connectMs = new Trend('capacity_session_connect', true);
const connectFailed = new Counter('capacity_session_failed');
const dropped = new Counter('capacity_session_dropped');

// A client that has not connected within this gives up (failed), then tries again: a starved server must not hold a
// client, or the sweep, past the step.
const CONNECT_TIMEOUT_MS = 10000;

// Sessions close this long before the step's end, so that no frame of this step lands in the next one.
const CLOSE_MARGIN_MS = 100;

export function websocketUrl(baseUrl, route, tls) {
  const base = tls ? baseUrl.replace(/^http:/, 'https:') : baseUrl;
  return base.replace(/^http/, 'ws') + route;
}

// A message of `size` bytes whose first characters are its send time: "1732300000123|xxxx…".
function message(size, padding) {
  const stamp = `${Date.now()}|`;
  return stamp + padding.slice(0, Math.max(0, size - stamp.length));
}

export function session(config, variant, url, size) {
  const stepEndMs = exec.scenario.startTime + (config.warmupSeconds + config.stepSeconds + config.tailSeconds) * 1000 - CLOSE_MARGIN_MS;
  const remainingMs = stepEndMs - Date.now();
  if (remainingMs <= 0) return;

  const stepTags = { experiment: config.experiment, variant, step: exec.scenario.name };
  const padding = 'x'.repeat(size);
  const startedMs = Date.now();
  let open = false;
  let closing = false;
  const ws = new WebSocket(url, null, { tags: stepTags });

  // close() on a socket still connecting waits for the handshake to finish (k6 v2.2.0), and a starved server may never
  // finish it: such a socket is only counted as failed and left to k6, which stops the VU at the step's end (or to the
  // sweep, which stops a fresh app that still holds k6 after its steps).
  const connectTimer = setTimeout(() => {
    if (!open && !closing) {
      closing = true;
      connectFailed.add(1, { ...stepTags, ...secondTag(config) });
    }
  }, Math.min(CONNECT_TIMEOUT_MS, remainingMs));
  const endTimer = setTimeout(() => {
    const wasOpen = open && !closing;
    closing = true;
    if (wasOpen) ws.close();
  }, remainingMs);

  ws.onopen = () => {
    open = true;
    clearTimeout(connectTimer);
    // Opened after it was given up on (counted as failed): end it now rather than start a late session.
    if (closing) {
      ws.close();
      return;
    }
    connectMs.add(Date.now() - startedMs, stepTags);
    ws.send(message(size, padding));
  };

  ws.onmessage = (event) => {
    const text = typeof event.data === 'string' ? event.data : '';
    const sentMs = Number(text.slice(0, text.indexOf('|')));
    const completed = { ...stepTags, phase: phaseOf(config), ...secondTag(config) };
    requests.add(1, completed);
    failed.add(!(sentMs > 0) || text.length !== size, completed);
    if (sentMs > 0) {
      const roundTripMs = Date.now() - sentMs;
      duration.add(roundTripMs, completed);
      addSplit(config, roundTripMs, completed);
    }
    if (!closing) ws.send(message(size, padding));
  };

  ws.onerror = () => {
    if (!open && !closing) {
      closing = true;
      clearTimeout(connectTimer);
      connectFailed.add(1, { ...stepTags, ...secondTag(config) });
    }
  };

  ws.onclose = () => {
    clearTimeout(connectTimer);
    clearTimeout(endTimer);
    // Closed by the server or the network before the step's end: the client lost its session.
    if (open && !closing) {
      dropped.add(1, { ...stepTags, ...secondTag(config) });
    }
  };
}
