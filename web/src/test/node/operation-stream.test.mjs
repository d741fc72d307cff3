// shared/operation-stream.js: the operation stream as the pages read it, against a real HTTP server
// that drops the connection, repeats an event, answers 503 with Retry-After and ends with the
// terminal event, as the gateway may.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { pageModule } from './page.mjs';

const { followOperation, api, problemMessage } = await pageModule('shared/operation-stream.js');

let server;
let base;
let realFetch;
const scripts = new Map(); // operation id -> function(request, response, connection number)
const connections = new Map(); // operation id -> the requests seen

before(async () => {
  server = createServer((request, response) => {
    const match = request.url.match(/^\/api\/v1\/operations\/([^/]+)\/subscribe$/);
    if (match && scripts.has(decodeURIComponent(match[1]))) {
      const id = decodeURIComponent(match[1]);
      const seen = connections.get(id) || [];
      seen.push({ lastEventId: request.headers['last-event-id'] || null, accept: request.headers.accept });
      connections.set(id, seen);
      scripts.get(id)(request, response, seen.length);
      return;
    }
    if (request.url === '/api/v1/things' && request.method === 'POST') {
      let body = '';
      request.on('data', chunk => { body += chunk; });
      request.on('end', () => {
        const parsed = JSON.parse(body);
        if (!parsed.name) {
          response.writeHead(400, { 'Content-Type': 'application/problem+json' });
          response.end(JSON.stringify({ title: 'Bad request', status: 400, detail: 'The request has 1 problem',
            errors: [{ pointer: '/name', message: 'must not be blank' }] }));
        } else {
          response.writeHead(201, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ id: 't1', name: parsed.name, type: request.headers['content-type'] }));
        }
      });
      return;
    }
    if (request.url === '/api/v1/empty') {
      response.writeHead(204);
      response.end();
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/problem+json' });
    response.end(JSON.stringify({ title: 'Not Found', status: 404, detail: 'No operation of yours with this id' }));
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  // the pages call the API by path on their own origin: here that origin is the test server
  realFetch = globalThis.fetch;
  globalThis.fetch = (path, init) => realFetch(new URL(path, base), init);
});

after(() => {
  server.closeAllConnections();
  server.close();
});

function sse(response) {
  response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  response.write('retry: 3000\n\n');
}

function event(response, id, type, data) {
  response.write(`: heartbeat\r\nid: ${id}\r\nevent: ${type}\r\ndata: ${JSON.stringify(data)}\r\n\r\n`);
}

/** Follows `id` until its stream ends; resolves with what the handlers saw. */
function follow(id, options) {
  return new Promise(resolve => {
    const seen = { events: [], states: [], errors: [] };
    followOperation(id, {
      onEvent: (type, data, eventId) => seen.events.push([type, data, eventId]),
      onState: state => {
        seen.states.push(state);
        if (state === 'ended') resolve(seen);
      },
      onError: error => seen.errors.push(error),
    }, options);
  });
}

test('a dropped stream resumes after the last id, an event sent again is handed over once, the terminal event ends it', async () => {
  scripts.set('op-drop', (request, response, n) => {
    sse(response);
    if (n === 1) {
      event(response, '0-1', 'message_start', { turn: 1 });
      event(response, '0-2', 'assistant_delta', { text: 'Hel' });
      response.write('', () => response.destroy()); // once both are on the wire, the gateway restarts
    } else {
      event(response, '0-2', 'assistant_delta', { text: 'Hel' }); // sent again after the cursor
      event(response, '0-3', 'assistant_delta', { text: 'lo' });
      event(response, '0-4', 'message_end', { tokens: 3 });
      event(response, '0-5', 'assistant_delta', { text: 'after the end' });
      response.end();
    }
  });
  const seen = await follow('op-drop');
  assert.deepEqual(seen.events.map(([type, , id]) => `${id} ${type}`),
    ['0-1 message_start', '0-2 assistant_delta', '0-3 assistant_delta', '0-4 message_end']);
  assert.deepEqual(seen.events[3][1], { tokens: 3 });
  assert.deepEqual(seen.states, ['live', 'reconnecting', 'live', 'ended']);
  assert.deepEqual(connections.get('op-drop').map(c => c.lastEventId), [null, '0-2']);
  assert.ok(connections.get('op-drop').every(c => c.accept === 'text/event-stream'));
  assert.deepEqual(seen.errors, []);
});

test('a 503 with Retry-After is waited out, then the stream is read', async () => {
  scripts.set('op-busy', (request, response, n) => {
    if (n === 1) {
      response.writeHead(503, { 'Retry-After': '1' });
      response.end();
      return;
    }
    sse(response);
    event(response, '7-1', 'operation_completed', { ok: true });
    response.end();
  });
  const started = Date.now();
  const seen = await follow('op-busy');
  assert.deepEqual(seen.events.map(([type]) => type), ['operation_completed']);
  assert.ok(Date.now() - started >= 900, 'waited the second the server asked for');
  assert.deepEqual(seen.states, ['reconnecting', 'live', 'ended']);
});

test('an operation that is not the caller\'s ends at once with the 404 and its problem', async () => {
  const seen = await follow('not-mine');
  assert.deepEqual(seen.events, []);
  assert.equal(seen.errors.length, 1);
  assert.equal(seen.errors[0].status, 404);
  assert.equal(problemMessage(seen.errors[0]), 'No operation of yours with this id');
});

test('a start cursor is sent as Last-Event-ID on the first request', async () => {
  scripts.set('op-cursor', (request, response) => {
    sse(response);
    event(response, '3-9', 'experiment_end', { status: 'completed' });
    response.end();
  });
  const seen = await follow('op-cursor', { lastEventId: '3-8' });
  assert.deepEqual(connections.get('op-cursor').map(c => c.lastEventId), ['3-8']);
  assert.deepEqual(seen.events.map(([type]) => type), ['experiment_end']);
});

test('api(): JSON in and out, an empty answer is null, a problem+json is thrown with its field messages', async () => {
  assert.deepEqual(await api('POST', '/api/v1/things', { name: 'kinases' }),
    { id: 't1', name: 'kinases', type: 'application/json' });
  assert.equal(await api('GET', '/api/v1/empty'), null);
  await assert.rejects(api('POST', '/api/v1/things', { name: '' }), error => {
    assert.equal(error.status, 400);
    assert.equal(problemMessage(error), '/name: must not be blank');
    return true;
  });
  assert.equal(problemMessage(null), 'Something went wrong');
});

test('a CR LF line end split between two chunks is one line end, not a frame boundary', async () => {
  const chunks = ['id: 5-1\r\nevent: assistant_delta\r', '\ndata: {"text":"a"}\r\n\r\n',
    'id: 5-2\r\nevent: message_end\r\ndata: {}\r', '\n\r\n'];
  const served = globalThis.fetch;
  globalThis.fetch = async () => new Response(new ReadableStream({
    start(controller) {
      const encoder = new TextEncoder();
      chunks.forEach(chunk => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  }), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  try {
    const seen = await follow('op-split');
    assert.deepEqual(seen.events.map(([type, data, id]) => [id, type, data]),
      [['5-1', 'assistant_delta', { text: 'a' }], ['5-2', 'message_end', {}]]);
  } finally {
    globalThis.fetch = served;
  }
});
