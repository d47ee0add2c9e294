import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one request signed in headers (docs/architecture.md §8.5), with node:crypto only: SQS
 * SendMessage is the one AWS call Outpost makes, so ~40 lines replace an SDK of 25 packages. Checked against
 * AWS's published SigV4 test suite (test/webhooks/sigv4.test.ts). Not covered: session tokens, presigned URLs,
 * S3's path rules.
 */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignableRequest {
  method: string;
  /** Already percent-encoded, as sent on the wire; `/` for AWS JSON protocol calls. */
  path: string;
  /** The raw query string without `?`, or empty. */
  query?: string;
  /** Must include `host` and `x-amz-date`; every header given is signed. */
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface SigningScope {
  region: string;
  service: string;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20150830T123600Z`: the X-Amz-Date form of a time. */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  if (!query) return '';
  const pairs = query.split('&').map((part) => {
    const [k = '', v = ''] = part.split(/=(.*)/s);
    return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v))] as const;
  });
  pairs.sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Lower-cased names, sorted; values trimmed with inner runs of spaces collapsed. */
function canonicalHeaders(headers: Readonly<Record<string, string>>): { block: string; signed: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { block: entries.map(([n, v]) => `${n}:${v}\n`).join(''), signed: entries.map(([n]) => n).join(';') };
}

export function canonicalRequest(req: SignableRequest): { text: string; signedHeaders: string } {
  const { block, signed } = canonicalHeaders(req.headers);
  const text = [req.method.toUpperCase(), req.path || '/', canonicalQuery(req.query ?? ''), block, signed, sha256Hex(req.body)].join('\n');
  return { text, signedHeaders: signed };
}

/** The `Authorization` header value for `req`, whose `x-amz-date` header fixes the signing time. */
export function sigV4Authorization(req: SignableRequest, credentials: AwsCredentials, scope: SigningScope): string {
  const date = Object.entries(req.headers).find(([name]) => name.toLowerCase() === 'x-amz-date')?.[1];
  if (!date || !/^\d{8}T\d{6}Z$/.test(date)) throw new Error('SigV4: the request needs an x-amz-date header (YYYYMMDDTHHMMSSZ)');
  const day = date.slice(0, 8);
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(req);
  const stringToSign = ['AWS4-HMAC-SHA256', date, credentialScope, sha256Hex(text)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scope.region), scope.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
