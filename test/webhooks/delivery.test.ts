import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookSubscriptionData } from '../../src/server/domain/records/webhook-records.ts';
import { failureStreak } from '../../src/server/webhooks/failure-streak.ts';
import { httpsTransport } from '../../src/server/webhooks/transports/https.ts';
import type { OutgoingMessage, SendOutcome } from '../../src/server/webhooks/transports/outcome.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../src/server/webhooks/worker.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { submitText } from '../helpers/submission-fixtures.ts';
import { derivedDeliveries, type Delivery } from '../helpers/webhook-deliveries.ts';
import { localCertificate, startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { registerFixtureTool, subscriptionBody, toolAccessToken } from '../helpers/webhook-fixtures.ts';

const HOUR = 3_600_000;

describe('delivery worker', () => {
  let server: TestServer;
  let course: ContentCourse;
  let token: string;
  let certificate: { cert: string; key: string };
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    server = await startTestServer({ webhooks: { worker: false } });
    course = await createContentCourse(server);
    token = await toolAccessToken(server, await registerFixtureTool(server));
    certificate = await localCertificate();
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await server.stop();
  });

  /** A subscription to `url`, then one submission: exactly one delivery for it. */
  async function oneDelivery(url: string): Promise<{ id: string; secret: string; delivery: Delivery }> {
    const res = await api(server, token, 'POST', '/api/lti/subscriptions', subscriptionBody(course.id, { TransportMetadata: { Url: url } }));
    const { Id: id, SigningSecret: secret } = res.json as { Id: string; SigningSecret: string };
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, submission_types: ['online_text_entry'] });
    await submitText(server, course.student.token, course.id, assignment.id);
    const mine = (await derivedDeliveries(server)).filter((d) => d.data.subscription_uuid === id);
    expect(mine).toHaveLength(1);
    return { id, secret, delivery: mine[0]! };
  }

  async function receiver(script: string[]): Promise<Receiver> {
    const r = await startReceiver(certificate, script);
    receivers.push(r);
    return r;
  }

  /** A worker on a fake clock, without timers: each `runDue` is one pass at the clock's time. */
  function worker(clock: { now: number }, options: Partial<DeliveryWorkerOptions> = {}) {
    return new DeliveryWorker({
      repos: server.core.services.webhooks.repos,
      transports: { https: httpsTransport({ ca: certificate.cert, timeoutMs: 500 }) },
      now: () => clock.now,
      random: () => 0.5,
      schedule: false,
      ...options,
    });
  }

  const deliveryNow = async (id: number) => (await server.core.services.webhooks.repos.deliveries.get(id))!;
  const attemptsOf = (id: number) => server.core.services.webhooks.repos.attempts.find({ parent_id: id }, [{ sort_key: 'asc' }]);
  /** The receiver reports over a pipe; wait (bounded) until it has reported `n` requests. */
  async function received(r: Receiver, n: number) {
    for (let i = 0; i < 300 && r.requests.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return r.requests;
  }

  it('retries 503 (honouring Retry-After), a reset and a 301, then succeeds; same webhook-id, valid signatures', async () => {
    const r = await receiver(['503:7', 'reset', '301', '200']);
    const { id, secret, delivery } = await oneDelivery(r.url);
    const clock = { now: Date.now() };
    const w = worker(clock);
    for (let pass = 0; pass < 8 && (await deliveryNow(delivery.id)).data.status !== 'succeeded'; pass++) {
      await w.runDue();
      const d = (await deliveryNow(delivery.id)).data;
      if (pass === 0) expect(d.next_attempt_at - clock.now).toBeGreaterThanOrEqual(7000);
      clock.now = Math.max(clock.now, d.next_attempt_at) + 1;
    }
    const final = await deliveryNow(delivery.id);
    expect(final.data).toMatchObject({ status: 'succeeded', attempts: 4, last_status: 200 });
    expect((await attemptsOf(delivery.id)).map((a) => a.data.error_class)).toEqual(['http_5xx', 'connect', 'http_3xx', null]);
    const requests = await received(r, 4);
    expect(requests).toHaveLength(4);
    const verifier = new Webhook(secret.replace(/^whsec_/, ''));
    for (const req of requests) {
      expect(req.headers['webhook-id']).toBe(delivery.data.delivery_id);
      expect(req.headers['x-subscription-id']).toBe(id);
      expect(req.body).toBe(delivery.data.body);
      // Each attempt is signed at the worker's (fake) clock: check it with the reference library's own signer.
      const signedAt = new Date(Number(req.headers['webhook-timestamp']) * 1000);
      expect(req.headers['webhook-signature']).toBe(verifier.sign(req.headers['webhook-id']!, signedAt, req.body));
    }
    expect(new Set(requests.map((q) => q.headers['webhook-timestamp'])).size).toBe(4);
    // The first attempt was signed at real time, so the library's full verification (skew bound included) passes.
    expect(() => verifier.verify(requests[0]!.body, requests[0]!.headers)).not.toThrow();
  });

  it('a hang past the timeout is a timeout, retried', async () => {
    const r = await receiver(['hang', '200']);
    const { delivery } = await oneDelivery(r.url);
    const clock = { now: Date.now() };
    const w = worker(clock);
    await w.runDue();
    expect((await deliveryNow(delivery.id)).data).toMatchObject({ status: 'pending', attempts: 1, last_error_class: 'timeout' });
    clock.now = (await deliveryNow(delivery.id)).data.next_attempt_at + 1;
    await w.runDue();
    expect((await deliveryNow(delivery.id)).data.status).toBe('succeeded');
  });

  it('410 Gone kills the delivery and disables the subscription', async () => {
    const r = await receiver(['410']);
    const { id, delivery } = await oneDelivery(r.url);
    await worker({ now: Date.now() }).runDue();
    expect((await deliveryNow(delivery.id)).data.status).toBe('dead');
    expect((await api(server, token, 'GET', `/api/lti/subscriptions/${id}`)).json).toMatchObject({ State: 'disabled' });
  });

  it('gives up after ten counted attempts', async () => {
    const r = await receiver(Array.from({ length: 10 }, () => '500'));
    const { delivery } = await oneDelivery(r.url);
    const clock = { now: Date.now() };
    const w = worker(clock);
    for (let pass = 0; pass < 12; pass++) {
      await w.runDue();
      clock.now = (await deliveryNow(delivery.id)).data.next_attempt_at + 1;
    }
    expect((await deliveryNow(delivery.id)).data).toMatchObject({ status: 'dead', attempts: 10 });
    expect(await received(r, 10)).toHaveLength(10);
  });

  it('offline: nothing is attempted and no attempt is counted; back online, everything is delivered', async () => {
    const sent: OutgoingMessage[] = [];
    const fake = async (message: OutgoingMessage): Promise<SendOutcome> => (sent.push(message), { kind: 'success', status: 200, errorClass: null, excerpt: '' });
    const { delivery } = await oneDelivery('https://receiver.example.test/hook');
    const clock = { now: Date.now() };
    let online = false;
    const w = worker(clock, { transports: { https: fake }, isOnline: () => online });
    for (let day = 0; day < 5; day++) {
      await w.runDue();
      clock.now += 24 * HOUR;
    }
    // Earlier tests' loopback deliveries may still be retrying (loopback is always tried); this one is not.
    expect(sent.filter((m) => m.deliveryId === delivery.data.delivery_id)).toEqual([]);
    expect((await deliveryNow(delivery.id)).data).toMatchObject({ status: 'pending', attempts: 0 });
    online = true;
    await w.runDue();
    expect(sent.map((m) => m.deliveryId)).toContain(delivery.data.delivery_id);
    expect((await deliveryNow(delivery.id)).data).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a delivery whose lease expired (a crash mid-send) is sent again, not lost', async () => {
    const r = await receiver([]);
    const { delivery } = await oneDelivery(r.url);
    const { deliveries } = server.core.services.webhooks.repos;
    const now = Date.now();
    await deliveries.replaceMany([{ read: delivery, data: { ...delivery.data, status: 'in_flight', lease_until: now + 60_000 } }], { actorId: 0, requestId: 't', now });
    await worker({ now: now + 1000 }).runDue();
    expect((await deliveryNow(delivery.id)).data.status).toBe('in_flight');
    await worker({ now: now + 61_000 }).runDue();
    expect((await deliveryNow(delivery.id)).data.status).toBe('succeeded');
  });
});

describe('disabling after a failing streak', () => {
  type Streak = Pick<WebhookSubscriptionData, 'state' | 'disabled_reason' | 'failing_since' | 'failing_last_at' | 'failing_online_ms'>;
  const failure: SendOutcome = { kind: 'retry', status: 500, errorClass: 'http_5xx', excerpt: '' };
  const fresh: Streak = { state: 'active', disabled_reason: null, failing_since: null, failing_last_at: null, failing_online_ms: 0 };

  it('disables after five days of online failures, not counting offline time; a success resets', () => {
    let s = fresh;
    let now = 0;
    for (let i = 0; i < 10 * 24; i++, now += HOUR) s = failureStreak(s, failure, now, i % 2 === 0 ? 0 : HOUR);
    // Every other hour was offline: 10 days of failures hold 5 days of online time only at the very end.
    expect(s.state).toBe('active');
    s = failureStreak(s, failure, now + 2 * HOUR, 0);
    expect(s.state).toBe('disabled');
    expect(failureStreak({ ...fresh, failing_since: 1, failing_last_at: 2, failing_online_ms: 99 }, { ...failure, kind: 'success', status: 200 }, 3, 0)).toMatchObject({ failing_since: null, failing_online_ms: 0 });
  });
});
