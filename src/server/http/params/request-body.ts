import type { IncomingMessage } from 'node:http';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../http-errors.ts';
import { DEFAULT_PARAMETER_LIMIT, parseCanvasParams, type ParsedParams } from './canvas-query.ts';
import { assertSafeJson } from './forbidden-keys.ts';
import { LARGE_BODY_BYTES } from '../../../contracts/upload-limits.ts';

/** Bytes a body may have, and parameters a form body may carry, by the kind of route. */
export const BODY_LIMITS = {
  default: { bytes: 100 * 1024, parameters: DEFAULT_PARAMETER_LIMIT },
  html: { bytes: LARGE_BODY_BYTES, parameters: DEFAULT_PARAMETER_LIMIT },
  /** Bulk grading: every student of a large course, each with a grade, a comment and more, in one form. */
  bulk: { bytes: LARGE_BODY_BYTES, parameters: 20_000 },
} as const;
export type BodyLimit = keyof typeof BODY_LIMITS;

/**
 * Reads a write's body as Canvas accepts it: JSON or form-encoded with brackets, the two equivalent (docs/canvas-compatibility.md
 * §1.2). Anything else is 415 — a `text/plain` form post is how a foreign page sends a simple request without a
 * preflight (docs/architecture.md §5.5). A write without a body is fine and yields no parameters.
 */
export async function readCanvasBody(req: IncomingMessage, limit: BodyLimit): Promise<ParsedParams> {
  if (!hasBody(req)) return Object.create(null) as ParsedParams;
  const kind = bodyKind(req.headers['content-type']);
  if (kind === undefined) throw unsupportedMediaType();
  const { bytes, parameters } = BODY_LIMITS[limit];
  const text = decodeUtf8(await readLimited(req, bytes));
  return kind === 'json' ? parseJsonObject(text) : parseCanvasParams(text, parameters);
}

function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

function bodyKind(contentType: string | undefined): 'json' | 'form' | undefined {
  if (contentType === undefined) return undefined;
  const [essence = '', ...parameters] = contentType.toLowerCase().split(';').map((part) => part.trim());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  if (essence === 'application/json') return 'json';
  if (essence === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(payloadTooLarge(limit));
  // Events rather than `for await`: leaving an async iterator early destroys the socket, and the client would
  // see a reset instead of the 413. Past the limit the rest is drained unbuffered.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onError);
      req.resume();
      reject(payloadTooLarge(limit));
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    // A client that hangs up mid-body made the mistake; it must not be logged as a server failure.
    const onError = (): void => reject(badRequest('The request body was not received completely.'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onError);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw badRequest('The request body is not valid UTF-8.');
  }
}

function parseJsonObject(text: string): ParsedParams {
  if (text.trim() === '') return Object.create(null) as ParsedParams;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('The JSON request body must be an object.');
  }
  // JSON.parse keeps `"__proto__"` as an own key, which Object.assign or a spread would turn into a prototype, and
  // nests as deep as the body allows, deeper than later recursive code (zod, JSON.stringify) survives.
  assertSafeJson(value);
  return value as ParsedParams;
}
