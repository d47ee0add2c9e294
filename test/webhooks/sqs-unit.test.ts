import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config.ts';
import { awsErrorCode, queueRegion, sendMessageRequest, sqsOutcome } from '../../src/server/webhooks/transports/sqs.ts';
import { readSqsEnv } from '../../src/server/webhooks/transports/sqs-config.ts';
import type { OutgoingMessage } from '../../src/server/webhooks/transports/outcome.ts';

const message: OutgoingMessage = {
  url: 'https://sqs.eu-west-2.amazonaws.com/123456789012/events',
  body: '{"metadata":{},"body":{}}',
  deliveryId: 'msg_01J0000000000000000000000',
  subscriptionUuid: 'b9c4d9a2-0000-4000-8000-000000000000',
  eventName: 'grade_change',
  eventId: '01J0000000000000000000000E',
  format: 'live-event',
  orderKey: 'sub:submission:7',
  signingSecret: 'whsec_AAAA',
  nowMs: 0,
};

describe('SQS pieces', () => {
  it('takes the region from AWS queue hosts, else the configured one', () => {
    expect(queueRegion(new URL(message.url))).toBe('eu-west-2');
    expect(queueRegion(new URL('https://ap-southeast-1.queue.amazonaws.com/1/q'))).toBe('ap-southeast-1');
    expect(queueRegion(new URL('https://sqs-fips.us-gov-west-1.amazonaws.com/1/q'))).toBe('us-gov-west-1');
    expect(queueRegion(new URL('http://127.0.0.1:9324/000000000000/q'), 'eu-central-1')).toBe('eu-central-1');
    expect(queueRegion(new URL('http://localhost:9324/000000000000/q'))).toBe('us-east-1');
  });

  it('adds FIFO ids only for .fifo queues', () => {
    expect(sendMessageRequest(message)).not.toHaveProperty('MessageGroupId');
    expect(sendMessageRequest({ ...message, url: `${message.url}.fifo` })).toMatchObject({ MessageGroupId: message.orderKey, MessageDeduplicationId: message.deliveryId });
  });

  it('reads error codes from JSON, XML and the query-error header', () => {
    expect(awsErrorCode('{"__type":"com.amazonaws.sqs#QueueDoesNotExist","message":"x"}', undefined)).toBe('QueueDoesNotExist');
    expect(awsErrorCode('<ErrorResponse><Error><Code>AccessDenied</Code></Error></ErrorResponse>', undefined)).toBe('AccessDenied');
    expect(awsErrorCode('oops', 'AWS.SimpleQueueService.NonExistentQueue;Sender')).toBe('AWS.SimpleQueueService.NonExistentQueue');
    expect(awsErrorCode('oops', undefined)).toBeUndefined();
  });

  it('succeeds only on a reply whose MD5 matches the body; never gives a queue up as gone', () => {
    const md5 = createHash('md5').update(message.body).digest('hex');
    expect(sqsOutcome(200, JSON.stringify({ MessageId: 'm', MD5OfMessageBody: md5 }), message.body).kind).toBe('success');
    expect(sqsOutcome(200, '<html>a web server, not SQS</html>', message.body)).toMatchObject({ kind: 'retry', errorClass: 'sqs_bad_reply' });
    expect(sqsOutcome(410, '', message.body)).toMatchObject({ kind: 'retry', errorClass: 'http_4xx' });
    expect(sqsOutcome(400, '{"__type":"com.amazonaws.sqs#ThrottlingException"}', message.body, 9000)).toMatchObject({ kind: 'retry', retryAfterMs: 9000 });
    expect(sqsOutcome(403, '{"__type":"com.amazonaws.sqs#AccessDenied"}', message.body, 9000)).toMatchObject({ errorClass: 'sqs_AccessDenied', retryAfterMs: undefined });
  });

  it('reads OUTPOST_SQS_* and refuses half a key pair', () => {
    expect(readSqsEnv({})).toEqual({ region: undefined, credentials: undefined });
    expect(readSqsEnv({ OUTPOST_SQS_ACCESS_KEY_ID: 'AKID', OUTPOST_SQS_SECRET_ACCESS_KEY: 's', OUTPOST_SQS_REGION: 'eu-west-1' })).toEqual({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 's' },
    });
    expect(() => readSqsEnv({ OUTPOST_SQS_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
  });
});
