import { readServerEvents, type ServerEvent } from '../../src/server/sync/server-events.ts';
import type { TestServer } from './server.ts';

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The next event with this name (others are skipped); rejects after `ms` or when the stream ends first. */
  next(name: string, ms?: number): Promise<ServerEvent>;
  /** Resolves when the stream ended (server closed or client aborted); rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  close(): void;
}

/** A raw event-stream connection, as a device opens it, read with the device's own parser. */
export async function openEventStream(server: TestServer, token: string | undefined, collection: string): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/v1/sync/${collection}/stream`, { headers, signal: controller.signal });
  const events = res.body && res.ok ? readServerEvents(res.body) : undefined;
  let done = false;
  const take = async (): Promise<ServerEvent | undefined> => {
    try {
      const item = await events?.next();
      if (!item || item.done) done = true;
      return item?.done ? undefined : item?.value;
    } catch {
      done = true;
      return undefined;
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next: (name, ms = 10_000) =>
      bounded(ms, `event "${name}"`, async () => {
        for (;;) {
          const event = await take();
          if (!event) throw new Error(`stream ended before event "${name}"`);
          if (event.event === name) return event;
        }
      }),
    ended: (ms = 10_000) =>
      bounded(ms, 'the end of the stream', async () => {
        while (!done) await take();
      }),
    close: () => controller.abort(),
  };
}

function bounded<T>(ms: number, what: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}
