import { vi } from 'vitest';

export interface ServerErrorLog {
  /** Stops capturing and returns the first argument of every `console.error` call made meanwhile. */
  stop(): unknown[];
}

/**
 * The server writes every 500 it answers to `console.error`, so that its own bugs are never silent. A test that
 * causes one on purpose takes that log over instead of printing it, and asserts what it holds.
 */
export function captureServerErrorLog(): ServerErrorLog {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    stop() {
      const logged = spy.mock.calls.map(([first]: unknown[]) => first);
      spy.mockRestore();
      return logged;
    },
  };
}
