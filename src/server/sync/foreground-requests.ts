import type { ServerResponse } from 'node:http';

/**
 * The requests still waiting for their answer, so that background work can step aside for them. The hub's change
 * feed serves the users listening on event streams one at a time; between two users it waits while any request is
 * unanswered (at most a bound, so the streams are never starved), and a request no longer queues behind one
 * user's check on each of the several turns of the event loop it needs (its body, the throttle, the storage).
 *
 * A request counts until its response headers go out: a complete answer has sent them by then, and an event stream,
 * which sends its headers at once and then stays open, counts only until it starts.
 */
export class ForegroundRequests {
  #waiting = 0;
  #wakers = new Set<() => void>();

  /** Counts `res` until its headers are written or its connection closes, whichever comes first. */
  track(res: ServerResponse): void {
    this.#waiting++;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      if (--this.#waiting === 0) this.#wake();
    };
    const writeHead = res.writeHead;
    // Node has no event for the headers going out; every way of sending them (send, flushHeaders, end) calls this.
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      release();
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    res.on('close', release);
  }

  /** Resolves once no request is waiting, or after `maxWaitMs` if requests keep coming. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.#waiting === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.#wakers.add(done);
    });
  }

  #wake(): void {
    for (const done of [...this.#wakers]) done();
  }
}
