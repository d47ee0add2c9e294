import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EXCERPT_BYTES } from './outcome.ts';

export interface PostOptions {
  /** Extra trusted CA certificates (PEM): tests trust their receiver's self-signed certificate this way. */
  ca?: string | string[];
  /** Whole-request limit (docs/architecture.md §8.3: 15 s). */
  timeoutMs: number;
}

export type PostResult =
  | { ok: true; status: number; headers: IncomingHttpHeaders; excerpt: string }
  | { ok: false; error: NodeJS.ErrnoException };

/**
 * One POST with `node:https` (not Chromium's `net`: predictable TLS, no cookies, no redirects followed), shared by
 * the HTTPS and SQS transports. Keeps the first 4 KiB of the answer for the attempt log; never rejects.
 */
export function postOnce(target: URL, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  return new Promise<PostResult>((resolve) => {
    const timedOut = () => req.destroy(Object.assign(new Error('webhook timed out'), { code: 'WEBHOOK_TIMEOUT' }));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers, ca: options.ca, timeout: options.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        clearTimeout(deadline);
        const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
        resolve({ ok: true, status: res.statusCode ?? 0, headers: res.headers, excerpt });
      });
      res.on('error', (error) => {
        clearTimeout(deadline);
        resolve({ ok: false, error });
      });
    });
    const deadline = setTimeout(timedOut, options.timeoutMs);
    req.on('timeout', timedOut);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      resolve({ ok: false, error });
    });
    req.end(body);
  });
}
