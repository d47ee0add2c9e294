import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage, SendOutcome } from '../../src/server/webhooks/transports/outcome.ts';
import { DeliveryWorker, OFFLINE_POLL_MS, sleepMs } from '../../src/server/webhooks/worker.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { submitText } from '../helpers/submission-fixtures.ts';
import { derivedDeliveries } from '../helpers/webhook-deliveries.ts';
import { registerFixtureTool, subscriptionBody, toolAccessToken } from '../helpers/webhook-fixtures.ts';

const HOUR = 3_600_000;

describe("startServer's isOnline reaches the delivery worker", () => {
  let server: TestServer;
  let course: ContentCourse;
  let token: string;
  let worker: DeliveryWorker | undefined;
  let online = false;
  const clock = { now: 0 };
  const sent: OutgoingMessage[] = [];
  const accept = async (m: OutgoingMessage): Promise<SendOutcome> => (sent.push(m), { kind: 'success', status: 200, errorClass: null, excerpt: '' });

  beforeAll(async () => {
    server = await startTestServer({
      isOnline: () => online,
      // The runtime's own defaults (isOnline included), on a fake clock with a recording transport.
      webhooks: { worker: (_services, defaults) => (worker = new DeliveryWorker({ ...defaults, transports: { https: accept }, now: () => clock.now, schedule: false })) },
    });
    course = await createContentCourse(server);
    token = await toolAccessToken(server, await registerFixtureTool(server));
  });
  afterAll(() => server.stop());

  const subscribe = async (url: string) =>
    ((await api(server, token, 'POST', '/api/lti/subscriptions', subscriptionBody(course.id, { TransportMetadata: { Url: url } }))).json as { Id: string }).Id;

  it('offline: the remote delivery waits for days without spending an attempt, loopback still goes; online: it goes', async () => {
    const remote = await subscribe('https://receiver.example.test/hook');
    const local = await subscribe('http://127.0.0.1:9/hook');
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, submission_types: ['online_text_entry'] });
    await submitText(server, course.student.token, course.id, assignment.id);
    const deliveries = await derivedDeliveries(server);
    const [remoteDelivery] = deliveries.filter((d) => d.data.subscription_uuid === remote);
    const [localDelivery] = deliveries.filter((d) => d.data.subscription_uuid === local);
    const state = async (id: number) => (await server.core.services.webhooks.repos.deliveries.get(id))!.data;
    clock.now = Date.now(); // The deliveries are due from now on.

    for (let day = 0; day < 3; day++) {
      expect(await worker!.runDue()).toBe(day === 0 ? 1 : 0);
      clock.now += 24 * HOUR;
    }
    expect(sent.map((m) => m.deliveryId)).toEqual([localDelivery!.data.delivery_id]);
    expect(await state(remoteDelivery!.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await server.core.services.webhooks.repos.attempts.find({ parent_id: remoteDelivery!.id })).toEqual([]);

    online = true;
    expect(await worker!.runDue()).toBe(1);
    expect(sent.map((m) => m.deliveryId)).toEqual([localDelivery!.data.delivery_id, remoteDelivery!.data.delivery_id]);
    expect(await state(remoteDelivery!.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

describe('worker sleep', () => {
  it('sleeps until the next due delivery, at most 5 min; offline with deliveries held, it polls instead of spinning', () => {
    expect(sleepMs(10_000, 4_000, false)).toBe(6_000);
    expect(sleepMs(undefined, 0, false)).toBe(300_000);
    expect(sleepMs(HOUR, 0, false)).toBe(300_000);
    expect(sleepMs(0, 5_000, true)).toBe(OFFLINE_POLL_MS);
    expect(sleepMs(0, 5_000, false)).toBe(0);
  });
});
