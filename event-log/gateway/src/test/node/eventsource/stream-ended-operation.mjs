// Opens the WHATWG EventSource (npm "eventsource") on an operation that has already ended, with
// the caller's bearer token, and watches it: it should replay the events, reconnect once after the
// stream ends (with Last-Event-ID set to the terminal event), get 204 No Content and stop for good.
// Prints one JSON line with what it saw; the Java test decides whether that is right.
//
// usage: node stream-ended-operation.mjs <subscribe URL> <Authorization header value> <settle ms> <event type>...
import { EventSource } from 'eventsource';

const [url, authorization, settleArg, ...types] = process.argv.slice(2);
const settleMillis = Number(settleArg);
const startedAt = Date.now();
const connections = [];
const events = [];
let errors = 0;
let closedAt = null;

const source = new EventSource(url, {
  fetch: async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', authorization);
    const connection = { at: Date.now() - startedAt, lastEventId: headers.get('Last-Event-ID') };
    connections.push(connection);
    const response = await fetch(input, { ...init, headers });
    connection.status = response.status;
    return response;
  },
});

for (const type of types) {
  source.addEventListener(type, (event) => events.push({ type, id: event.lastEventId, data: event.data }));
}
source.onerror = () => {
  errors += 1;
  if (source.readyState === EventSource.CLOSED && closedAt === null) {
    closedAt = Date.now() - startedAt;
    // stay a while longer: a client that would reconnect again does so within the retry delay
    setTimeout(report, settleMillis);
  }
};

// give up (and report what happened) if it never closes
const deadline = setTimeout(report, 30000);

function report() {
  clearTimeout(deadline);
  const readyState = source.readyState;
  source.close();
  console.log(JSON.stringify({ connections, events, errors, readyState, closedAt }));
  process.exit(0);
}
