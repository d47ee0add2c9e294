import { createHash } from 'node:crypto';
import { httpOutcome, networkFailure, retryAfterMs, type OutgoingMessage, type SendOutcome, type Transport } from './outcome.ts';
import { postOnce, type PostOptions } from './post.ts';
import { amzDate, sigV4Authorization, type AwsCredentials } from './sigv4.ts';

export interface SqsSettings {
  /** None: requests go unsigned, for queues whose policy lets anyone send (Canvas's "queue policy" option). */
  credentials?: AwsCredentials;
  /** For queue URLs that name no region (local SQS servers); AWS queue hosts carry their own. Default us-east-1. */
  region?: string;
  timeoutMs?: number;
  ca?: PostOptions['ca'];
}

const REGION = String.raw`[a-z]{2}(?:-[a-z]+)+-\d+`;
/** `sqs.<region>.amazonaws.com` (and the fips and `sqs.<region>.<emulator host>` forms) or `<region>.queue.amazonaws.com`. */
const HOST_REGION = new RegExp(`^(?:sqs(?:-fips)?\\.(${REGION})\\.|(${REGION})\\.queue\\.)`);

export function queueRegion(queueUrl: URL, fallback = 'us-east-1'): string {
  const m = HOST_REGION.exec(queueUrl.hostname);
  return m?.[1] ?? m?.[2] ?? fallback;
}

const str = (value: string) => ({ DataType: 'String', StringValue: value });

/** The AWS JSON 1.0 `SendMessage` body (docs/architecture.md §8.5): the payload unchanged, four attributes, FIFO ids. */
export function sendMessageRequest(message: OutgoingMessage): Record<string, unknown> {
  const fifo = new URL(message.url).pathname.endsWith('.fifo');
  return {
    QueueUrl: message.url,
    MessageBody: message.body,
    MessageAttributes: {
      SubscriptionId: str(message.subscriptionUuid),
      EventName: str(message.eventName),
      EventId: str(message.eventId),
      Format: str(message.format),
    },
    // FIFO queues keep one resource's events in order and drop resends of a delivery within 5 minutes.
    ...(fifo ? { MessageGroupId: message.orderKey, MessageDeduplicationId: message.deliveryId } : {}),
  };
}

/** The short AWS error code of a JSON (`__type`), query-header or XML error reply. */
export function awsErrorCode(excerpt: string, queryError: string | undefined): string | undefined {
  let type: unknown;
  try {
    type = (JSON.parse(excerpt) as { __type?: unknown }).__type;
  } catch {
    type = /<Code>([^<]+)<\/Code>/.exec(excerpt)?.[1];
  }
  const raw = typeof type === 'string' ? type.split('#').pop() : queryError?.split(';')[0];
  return raw?.replace(/[^A-Za-z0-9_.]/g, '').slice(0, 64) || undefined;
}

/**
 * Anything but a verified SendMessage reply retries on the schedule (docs/architecture.md §8.3): throttles and 5xx honour
 * `Retry-After`; bad credentials, missing queues and access denials are configuration errors, flagged by their
 * `sqs_<code>` class. A 200 whose MD5 does not match the body (not SQS, or a mangled message) is not a success.
 */
export function sqsOutcome(status: number, excerpt: string, body: string, retryAfter?: number, queryError?: string): SendOutcome {
  if (status >= 200 && status < 300) {
    let md5: unknown;
    try {
      md5 = (JSON.parse(excerpt) as { MD5OfMessageBody?: unknown }).MD5OfMessageBody;
    } catch {
      md5 = undefined;
    }
    if (md5 === createHash('md5').update(body, 'utf8').digest('hex')) return { kind: 'success', status, errorClass: null, excerpt };
    return { kind: 'retry', status, errorClass: 'sqs_bad_reply', excerpt };
  }
  const code = awsErrorCode(excerpt, queryError);
  const throttled = code !== undefined && /throttl/i.test(code);
  const base = httpOutcome(status, excerpt, retryAfter);
  return {
    kind: 'retry', // Never `gone`: a queue that answers 410 is not a receiver unsubscribing.
    status,
    errorClass: code ? `sqs_${code}` : base.errorClass,
    retryAfterMs: throttled ? retryAfter : base.retryAfterMs,
    excerpt,
  };
}

/**
 * SQS `SendMessage` over the AWS JSON 1.0 protocol: one POST to the queue's endpoint, SigV4-signed with the
 * configured key (docs/architecture.md §8.5). The worker owns retries, so each call is exactly one request.
 */
export function sqsTransport(settings: SqsSettings = {}): Transport {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  return async (message: OutgoingMessage) => {
    const queue = new URL(message.url);
    const body = JSON.stringify(sendMessageRequest(message));
    const headers: Record<string, string> = {
      'content-length': String(Buffer.byteLength(body)),
      'content-type': 'application/x-amz-json-1.0',
      host: queue.host,
      'x-amz-date': amzDate(message.nowMs),
      'x-amz-target': 'AmazonSQS.SendMessage',
    };
    if (settings.credentials) {
      const scope = { region: queueRegion(queue, settings.region), service: 'sqs' };
      headers.authorization = sigV4Authorization({ method: 'POST', path: '/', headers, body }, settings.credentials, scope);
    }
    const res = await postOnce(new URL('/', queue), { ...headers, 'user-agent': 'Outpost-Webhooks/1.0' }, body, { ca: settings.ca, timeoutMs });
    if (!res.ok) return networkFailure(res.error, message.url);
    const queryError = res.headers['x-amzn-query-error'];
    return sqsOutcome(res.status, res.excerpt, message.body, retryAfterMs(res.headers['retry-after'], Date.now()), Array.isArray(queryError) ? queryError[0] : queryError);
  };
}
