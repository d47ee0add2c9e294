import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ForegroundRequests } from '../../../src/server/sync/foreground-requests.ts';

/**
 * Background work waits for unanswered requests: `quiet()` resolves once the last one has its answer, an event
 * stream stops counting as soon as it starts, a closed connection stops counting, and requests that never end
 * hold the work back only up to the bound.
 */
describe('ForegroundRequests', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server whose requests are tracked and answered only when the test says so. */
  async function serve(foreground: ForegroundRequests) {
    const pending: ServerResponse[] = [];
    const arrived: (() => void)[] = [];
    server = createServer((_req: IncomingMessage, res: ServerResponse) => {
      foreground.track(res);
      pending.push(res);
      arrived.shift()?.();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = async () => {
      const came = new Promise<void>((resolve) => arrived.push(resolve));
      const req = request({ port, host: '127.0.0.1', path: '/', agent: false });
      req.on('error', () => undefined);
      req.end();
      await came;
      return { req, res: pending.at(-1)! };
    };
    return { send };
  }

  const settledFlag = (promise: Promise<void>) => {
    const state = { settled: false };
    void promise.then(() => (state.settled = true));
    return state;
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('is quiet at once with no request waiting, and once the last waiting one is answered', async () => {
    const foreground = new ForegroundRequests();
    await foreground.quiet(60_000);
    const { send } = await serve(foreground);
    const [first, second] = [await send(), await send()];
    const quiet = settledFlag(foreground.quiet(60_000));
    first.res.end('one');
    await turn();
    expect(quiet.settled).toBe(false);
    second.res.end('two');
    await turn();
    expect(quiet.settled).toBe(true);
  });

  it('stops counting an event stream when its headers go out, and a request whose client went away', async () => {
    const foreground = new ForegroundRequests();
    const { send } = await serve(foreground);
    const stream = await send();
    const gone = await send();
    const quiet = settledFlag(foreground.quiet(60_000));
    stream.res.flushHeaders();
    await turn();
    expect(quiet.settled).toBe(false);
    gone.req.destroy();
    await new Promise((resolve) => gone.res.on('close', resolve));
    await turn();
    expect(quiet.settled).toBe(true);
    stream.res.end();
  });

  it('lets the work go on after the bound while a request stays unanswered', async () => {
    const foreground = new ForegroundRequests();
    const { send } = await serve(foreground);
    const held = await send();
    await foreground.quiet(5);
    expect(held.res.headersSent).toBe(false);
    held.res.end();
  });
});
