import { describe, expect, it } from 'vitest';
import type { EventDeriver } from '../../../src/server/webhooks/deriver.ts';
import { WebhookRuntime, type RequestsInFlight } from '../../../src/server/webhooks/runtime.ts';

/** Requests that stay unanswered until `answer()`; records the bound each wait was given. */
function requestsInFlight() {
  const bounds: number[] = [];
  let answer = () => {};
  const requests: RequestsInFlight = {
    quiet: (maxWaitMs) => {
      bounds.push(maxWaitMs);
      return new Promise((resolve) => (answer = resolve));
    },
  };
  return { requests, bounds, answer: () => answer() };
}

/** A deriver that only counts its runs (the runtime calls nothing else on it). */
function countingDeriver() {
  let runs = 0;
  const deriver = { deriveAll: async () => (runs++, 0) } as unknown as EventDeriver;
  return { deriver, derivations: () => runs };
}

const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A replay of 50 grades is one request whose every write wakes the deriver: the runtime derives after the requests
 * still waiting for their answer (up to a bound), so one derivation takes the changes of many writes.
 */
describe('webhook runtime and unanswered requests', () => {
  it('derives once the requests are answered, once for every change committed meanwhile, within a bounded wait', async () => {
    const { deriver, derivations } = countingDeriver();
    const inFlight = requestsInFlight();
    const runtime = new WebhookRuntime(deriver, [], undefined, inFlight.requests);
    for (let write = 0; write < 50; write++) runtime.kick();
    await turns();
    expect(derivations()).toBe(0);
    inFlight.answer();
    await runtime.settled();
    expect(derivations()).toBe(1);
    expect(inFlight.bounds).toHaveLength(1);
    expect(inFlight.bounds[0]).toBeGreaterThan(0);
    expect(inFlight.bounds[0]).toBeLessThanOrEqual(1_000);
    await runtime.stop();
  });

  it('derives at once without requests to wait for', async () => {
    const { deriver, derivations } = countingDeriver();
    const runtime = new WebhookRuntime(deriver, []);
    runtime.kick();
    await runtime.settled();
    expect(derivations()).toBe(1);
    await runtime.stop();
  });
});
