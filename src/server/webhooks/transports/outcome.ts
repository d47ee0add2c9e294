/** What one attempt came to, whatever the transport (docs/architecture.md §8.3). */
export interface SendOutcome {
  /** success → succeeded; retry → on the schedule; gone → dead, subscription disabled; offline → no attempt counted. */
  kind: 'success' | 'retry' | 'gone' | 'offline';
  status: number | null;
  errorClass: string | null;
  retryAfterMs?: number;
  /** The first 4 KiB of the answer, for the attempt log. */
  excerpt: string;
}

export interface OutgoingMessage {
  url: string;
  body: string;
  deliveryId: string;
  subscriptionUuid: string;
  eventName: string;
  eventId: string;
  format: string;
  orderKey: string;
  signingSecret: string;
  nowMs: number;
}

export type Transport = (message: OutgoingMessage) => Promise<SendOutcome>;

export const EXCERPT_BYTES = 4096;

/** Connection errors that mean "no network" rather than "the receiver is broken". */
const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export const isLoopback = (url: string) => LOOPBACK.has(new URL(url).hostname);

/** Classes a network error; a refused connection is "offline" except on this machine, where the network is always up. */
export function networkFailure(err: NodeJS.ErrnoException, url: string): SendOutcome {
  const code = err.code ?? '';
  if (OFFLINE_CODES.has(code) || (code === 'ECONNREFUSED' && !isLoopback(url))) return { kind: 'offline', status: null, errorClass: 'offline', excerpt: code };
  if (code === 'ECONNREFUSED') return { kind: 'retry', status: null, errorClass: 'connect', excerpt: code };
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') return { kind: 'retry', status: null, errorClass: 'tls', excerpt: code };
  if (code === 'ETIMEDOUT' || code === 'WEBHOOK_TIMEOUT') return { kind: 'retry', status: null, errorClass: 'timeout', excerpt: code };
  return { kind: 'retry', status: null, errorClass: 'connect', excerpt: code || err.message.slice(0, 200) };
}

/** `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** 2xx succeeds; 410 gives up; anything else retries (3xx included: no redirects are followed). */
export function httpOutcome(status: number, excerpt: string, retryAfter: number | undefined): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'success', status, errorClass: null, excerpt };
  if (status === 410) return { kind: 'gone', status, errorClass: 'http_4xx', excerpt };
  const errorClass = status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'http_3xx';
  const honoured = status === 408 || status === 429 || status >= 500 ? retryAfter : undefined;
  return { kind: 'retry', status, errorClass, retryAfterMs: honoured, excerpt };
}
