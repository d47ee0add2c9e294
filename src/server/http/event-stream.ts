import type { Response } from 'express';
import type { EventStreamBody } from './route.ts';

/** A comment line this often keeps proxies and idle-socket timers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * Events are a few bytes each, so the stream never waits for the socket to drain; a client that stops reading
 * while this much piles up is cut off instead (it reconnects and resynchronises).
 */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** Event names travel on their own line: anything but a plain word could forge fields. */
const EVENT_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * Answers with `text/event-stream` and runs the route's stream until the client disconnects. The body's signal
 * aborts on disconnect (or server shutdown), which is how it learns to unsubscribe; the response ends when the
 * body settles. HEAD gets the headers of the GET it mirrors and no stream: its body runs with the signal already
 * aborted, so whatever the route holds for the stream (its place in the stream budget) is let go the same way.
 */
export function sendEventStream(res: Response, status: number, body: EventStreamBody): void {
  res.status(status).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // Per-user data that must arrive as written: no cache, no compression or buffering on the way.
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  const controller = new AbortController();
  const raw = (text: string) => {
    if (res.writableEnded || controller.signal.aborted) return;
    res.write(text);
    if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
  };
  let heartbeat: NodeJS.Timeout | undefined;
  if (res.req.method === 'HEAD') {
    res.end();
    controller.abort();
  } else {
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    heartbeat = setInterval(() => raw(': keep-alive\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      controller.abort();
    });
  }

  const write = (event: string, data: unknown) => {
    if (!EVENT_NAME.test(event)) throw new Error(`not an event name: ${event}`);
    // JSON.stringify never emits a raw newline, so the payload is exactly one `data:` line.
    raw(`event: ${event}\ndata: ${JSON.stringify(data ?? null)}\n\n`);
  };
  // Through a resolved promise, so a body that throws before its first await is caught the same way.
  Promise.resolve()
    .then(() => body(write, controller.signal))
    .catch((err: unknown) => console.error('event stream failed', err))
    .finally(() => {
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    });
}
