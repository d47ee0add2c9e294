import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqsTransport } from '../../src/server/webhooks/transports/sqs.ts';
import { DeliveryWorker } from '../../src/server/webhooks/worker.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSqsServer, type SqsServer } from '../helpers/sqs-server.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { derivedDeliveries, type Delivery } from '../helpers/webhook-deliveries.ts';
import { registerFixtureTool, subscriptionBody, toolAccessToken } from '../helpers/webhook-fixtures.ts';

const credentials = { accessKeyId: 'AKIDOUTPOSTTEST', secretAccessKey: 'outpost/test/secret+key' };

describe('SQS transport against a local SQS server (its own process, SigV4 checked)', () => {
  let server: TestServer;
  let course: ContentCourse;
  let token: string;
  const sqsServers: SqsServer[] = [];
  beforeAll(async () => {
    server = await startTestServer({ webhooks: { worker: false } });
    course = await createContentCourse(server);
    token = await toolAccessToken(server, await registerFixtureTool(server));
  });
  afterAll(async () => {
    await Promise.all(sqsServers.map((s) => s.stop()));
    await server.stop();
  });

  async function sqs(script: string[] = []): Promise<SqsServer> {
    const s = await startSqsServer(credentials, script);
    sqsServers.push(s);
    return s;
  }

  /** An SQS subscription to grade changes, then one graded submission: its single grade_change delivery. */
  async function gradeChange(queueUrl: string): Promise<{ id: string; delivery: Delivery }> {
    const body = subscriptionBody(course.id, { TransportType: 'sqs', TransportMetadata: { Url: queueUrl }, EventTypes: ['grade_change'] });
    const res = await api(server, token, 'POST', '/api/lti/subscriptions', body);
    expect(res.status).toBe(200);
    const id = (res.json as { Id: string }).Id;
    const assignment = await createAssignment(server, course.teacher.token, course.id, { published: true, points_possible: 10, submission_types: ['online_text_entry'] });
    await submitText(server, course.student.token, course.id, assignment.id);
    await gradeAs(server, course.teacher.token, course.id, assignment.id, course.student.id, { posted_grade: '8' });
    const mine = (await derivedDeliveries(server)).filter((d) => d.data.subscription_uuid === id);
    expect(mine.map((d) => d.data.event_name)).toEqual(['grade_change']);
    return { id, delivery: mine[0]! };
  }

  /** A worker on a fake clock (no timers) sending SQS with the given key. */
  const worker = (clock: { now: number }, key = credentials) =>
    new DeliveryWorker({
      repos: server.core.services.webhooks.repos,
      transports: { https: () => Promise.reject(new Error('no https here')), sqs: sqsTransport({ credentials: key, region: 'us-east-1', timeoutMs: 2000 }) },
      now: () => clock.now,
      random: () => 0.5,
      schedule: false,
    });
  const deliveryNow = async (d: Delivery) => (await server.core.services.webhooks.repos.deliveries.get(d.id))!.data;

  it('a grade change arrives as one message: the payload as body, the four attributes', async () => {
    const s = await sqs();
    const { id, delivery } = await gradeChange(s.queueUrl('outpost-events'));
    await worker({ now: Date.now() }).runDue();
    expect(await deliveryNow(delivery)).toMatchObject({ status: 'succeeded', attempts: 1, last_status: 200 });
    const [message, ...rest] = await s.receive('outpost-events');
    expect(rest).toEqual([]);
    expect(message!.Body).toBe(delivery.data.body);
    expect(message!.MD5OfBody).toBe(createHash('md5').update(delivery.data.body).digest('hex'));
    expect(JSON.parse(message!.Body)).toMatchObject({ metadata: { event_name: 'grade_change' }, body: { grade: '8' } });
    expect(message!.MessageAttributes).toEqual({
      SubscriptionId: { DataType: 'String', StringValue: id },
      EventName: { DataType: 'String', StringValue: 'grade_change' },
      EventId: { DataType: 'String', StringValue: delivery.data.event_id },
      Format: { DataType: 'String', StringValue: 'live-event' },
    });
    expect(s.requests).toEqual([{ target: 'AmazonSQS.SendMessage', refused: null }]);
  });

  it('a FIFO queue gets the order key as group and the delivery id as deduplication id', async () => {
    const s = await sqs();
    const { delivery } = await gradeChange(s.queueUrl('outpost-events.fifo'));
    await worker({ now: Date.now() }).runDue();
    expect((await deliveryNow(delivery)).status).toBe('succeeded');
    const [message] = await s.receive('outpost-events.fifo');
    expect(message!.Body).toBe(delivery.data.body);
    expect(message!.Attributes).toMatchObject({ MessageGroupId: delivery.data.order_key, MessageDeduplicationId: delivery.data.delivery_id });
  });

  it('throttling and a 500 are retried on the schedule (Retry-After honoured), then the message arrives once', async () => {
    const s = await sqs(['throttle', '500']);
    const { delivery } = await gradeChange(s.queueUrl('outpost-events'));
    const clock = { now: Date.now() };
    const w = worker(clock);
    await w.runDue();
    const throttled = await deliveryNow(delivery);
    expect(throttled).toMatchObject({ status: 'pending', attempts: 1, last_status: 400, last_error_class: 'sqs_RequestThrottled' });
    expect(throttled.next_attempt_at - clock.now).toBeGreaterThanOrEqual(30_000);
    clock.now = throttled.next_attempt_at + 1;
    await w.runDue();
    const failed = await deliveryNow(delivery);
    expect(failed).toMatchObject({ status: 'pending', attempts: 2, last_status: 500, last_error_class: 'sqs_InternalFailure' });
    clock.now = failed.next_attempt_at + 1;
    await w.runDue();
    expect(await deliveryNow(delivery)).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect((await s.receive('outpost-events')).map((m) => m.Body)).toEqual([delivery.data.body]);
    expect(s.requests.map((r) => r.refused)).toEqual(['RequestThrottled', 'InternalFailure', null]);
  });

  it('bad credentials are refused and the delivery waits; with the right key it is delivered', async () => {
    const s = await sqs();
    const { delivery } = await gradeChange(s.queueUrl('outpost-events'));
    const clock = { now: Date.now() };
    await worker(clock, { ...credentials, secretAccessKey: 'not-the-secret' }).runDue();
    const refused = await deliveryNow(delivery);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, last_status: 403, last_error_class: 'sqs_SignatureDoesNotMatch' });
    clock.now = refused.next_attempt_at + 1;
    await worker(clock, { ...credentials, accessKeyId: 'AKIDSOMEONEELSE' }).runDue();
    expect(await deliveryNow(delivery)).toMatchObject({ status: 'pending', attempts: 2, last_error_class: 'sqs_InvalidClientTokenId' });
    expect(await s.receive('outpost-events')).toEqual([]);
    clock.now = (await deliveryNow(delivery)).next_attempt_at + 1;
    await worker(clock).runDue();
    expect(await deliveryNow(delivery)).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect((await s.receive('outpost-events')).map((m) => m.Body)).toEqual([delivery.data.body]);
  });
});
