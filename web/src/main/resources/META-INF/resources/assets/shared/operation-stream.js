// Reading an operation's events (GET /api/v1/operations/{id}/subscribe, server-sent events) and
// calling the API, shared by the chat page and the workbench.
//
// The stream is read with fetch rather than EventSource: EventSource gives up for good on an HTTP
// error (a 502 while the gateway restarts) and reconnects on its own after the terminal event,
// while here every reconnect is ours and carries the last id seen (Last-Event-ID), so events
// continue strictly after it. Ids already delivered are remembered and skipped, so no event is
// handed over twice even if a server sent one again.

/** Event types after which an operation's stream ends (the gateway's OperationKinds). */
const TERMINAL = new Set(['message_end', 'experiment_end', 'batch_complete', 'batch_error', 'benchmark_complete',
  'benchmark_error', 'sweep_complete', 'seed_complete', 'discovery_complete', 'operation_failed', 'operation_completed',
  'operation_cancelled']);

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5000;

/**
 * Follows an operation's events; resumes from the last event id after a drop or a gateway restart.
 *
 * handlers.onEvent(type, data, eventId): once per event, in order, never twice for the same id
 *   (data is the parsed JSON payload; a `replay_gap` notice has no id).
 * handlers.onState(state): 'live' (connected), 'reconnecting' (lost, trying again), 'ended'
 *   (after the terminal event, after close(), or when the operation cannot be read).
 * handlers.onError(error) (optional): why it ended without a terminal event (an Error with .status
 *   and .problem: 404 not yours or missing, 401 signed out, 400 bad cursor).
 * options.lastEventId: start after this id instead of at the operation's first event.
 *
 * Returns { close() }.
 */
export function followOperation(operationId, handlers, { lastEventId } = {}) {
  const onEvent = handlers.onEvent || (() => {});
  const onState = handlers.onState || (() => {});
  const onError = handlers.onError || (() => {});
  const seen = new Set();
  let cursor = lastEventId || null;
  let closed = false;
  let state = null;
  let controller = null;
  let retryTimer = null;
  let failures = 0;

  function setState(next) {
    if (state !== next && !(state === 'ended')) {
      state = next;
      onState(next);
    }
  }

  function end(error) {
    if (closed) {
      return;
    }
    closed = true;
    clearTimeout(retryTimer);
    if (controller) {
      controller.abort();
    }
    if (error) {
      onError(error);
    }
    setState('ended');
  }

  function retryLater(waitMs) {
    if (closed) {
      return;
    }
    setState('reconnecting');
    failures += 1;
    const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 4));
    retryTimer = setTimeout(connect, waitMs != null ? waitMs : backoff);
  }

  // one SSE frame (the lines between blank lines): returns true after the terminal event
  function dispatch(frame) {
    let id = null;
    let type = 'message';
    const data = [];
    for (const line of frame.split('\n')) {
      if (line === '' || line.startsWith(':')) {
        continue; // a comment (the heartbeat)
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) {
        value = value.slice(1);
      }
      if (field === 'id') {
        id = value;
      } else if (field === 'event') {
        type = value;
      } else if (field === 'data') {
        data.push(value);
      }
    }
    if (data.length === 0) {
      return false; // e.g. the `retry:` frame
    }
    if (id !== null) {
      if (seen.has(id)) {
        return false;
      }
      seen.add(id);
      cursor = id;
    }
    let payload;
    try {
      payload = JSON.parse(data.join('\n'));
    } catch (e) {
      payload = { text: data.join('\n') };
    }
    onEvent(type, payload, id);
    return TERMINAL.has(type);
  }

  async function connect() {
    if (closed) {
      return;
    }
    controller = new AbortController();
    const headers = { Accept: 'text/event-stream' };
    if (cursor) {
      headers['Last-Event-ID'] = cursor;
    }
    let response;
    try {
      response = await fetch('/api/v1/operations/' + encodeURIComponent(operationId) + '/subscribe', {
        headers, credentials: 'same-origin', cache: 'no-store', signal: controller.signal,
      });
    } catch (e) {
      retryLater(); // the gateway cannot be reached (restarting): try again
      return;
    }
    if (!response.ok) {
      if (response.status === 429 || response.status >= 500) {
        const after = Number(response.headers.get('Retry-After'));
        retryLater(after > 0 ? after * 1000 : null);
      } else {
        end(await problemError(response));
      }
      return;
    }
    failures = 0;
    setState('live');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    // a CR at a chunk's end may be the first half of a CR LF: held until the next chunk shows which,
    // so that a line end split between two chunks is not read as two (an early frame boundary)
    let heldCr = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        let text = heldCr + decoder.decode(value, { stream: true });
        heldCr = text.endsWith('\r') ? '\r' : '';
        if (heldCr) {
          text = text.slice(0, -1);
        }
        buffer += text.replace(/\r\n?/g, '\n');
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (dispatch(frame)) {
            end();
            return;
          }
        }
      }
    } catch (e) {
      // the connection broke (the gateway was killed, the network dropped, or close() aborted it)
    }
    // over without the terminal event: come back after the last id seen
    retryLater();
  }

  connect();
  return {
    close() {
      end();
    },
  };
}

/**
 * Calls the API with the session cookie and returns the parsed JSON (null for an empty answer).
 * Cross-site-safe: the browser's own fetch sends Origin (and Sec-Fetch-Site: same-origin), which is
 * what the gateway's cross-site request guard asks of cookie-authenticated writes.
 * Throws an Error with .status and .problem (the problem+json body) on a non-2xx.
 */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const init = { method, headers, credentials: 'same-origin', cache: 'no-store' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    throw await problemError(response);
  }
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The first message a problem+json body gives for a person: a field's message, else detail or title. */
export function problemMessage(error) {
  const problem = error && error.problem;
  if (problem && Array.isArray(problem.errors) && problem.errors.length > 0) {
    return problem.errors.map(e => (e.pointer ? e.pointer + ': ' : '') + e.message).join('; ');
  }
  return (problem && (problem.detail || problem.title)) || (error && error.message) || 'Something went wrong';
}

async function problemError(response) {
  let problem = null;
  try {
    problem = await response.json();
  } catch (e) {
    problem = null;
  }
  const error = new Error((problem && (problem.detail || problem.title)) || ('HTTP ' + response.status));
  error.status = response.status;
  error.problem = problem;
  return error;
}
