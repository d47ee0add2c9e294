import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { badRequest, HttpError, payloadTooLarge } from '../http-errors.ts';
import { parseCanvasParams, type ParsedParams } from './canvas-query.ts';

/** What a route taking `multipart/form-data` allows: one file part, named `file`, of at most `fileBytes`. */
export interface MultipartLimits {
  readonly fileBytes: number;
}

/** The `file` part of a multipart body, buffered: it is at most `MultipartLimits.fileBytes` long. */
export class UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Buffer;

  constructor(filename: string, contentType: string, bytes: Buffer) {
    this.filename = filename;
    this.contentType = contentType;
    this.bytes = bytes;
  }
}

// Upload params are a handful of short strings; these bound what a body can make us hold besides the file.
const FIELD_LIMITS = { fields: 50, fieldSize: 8 * 1024, fieldNameSize: 100, headerPairs: 20 } as const;
const FIELD_ALLOWANCE = FIELD_LIMITS.fields * (FIELD_LIMITS.fieldSize + 1024);

export function unsupportedMultipartType(): HttpError {
  return new HttpError(415, { errors: [{ message: 'Send the upload as multipart/form-data.' }] });
}

/**
 * Reads a multipart/form-data body (Canvas's upload step 2): its fields as Canvas parameters, plus the part named
 * `file` as an `UploadedFile` under the key `file`. The file's size is checked while it streams (413 the moment it
 * passes the limit, nothing kept), one file part only, and every other part is bounded too. Any other content
 * type is a 415, a malformed body a 400: the client's mistake, never a 500.
 */
export async function readMultipartBody(req: IncomingMessage, limits: MultipartLimits): Promise<ParsedParams> {
  const contentType = req.headers['content-type'];
  if (contentType?.split(';')[0]?.trim().toLowerCase() !== 'multipart/form-data') throw unsupportedMultipartType();
  const maxBody = limits.fileBytes + FIELD_ALLOWANCE;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBody) {
    req.resume();
    throw payloadTooLarge(limits.fileBytes);
  }
  let parser: busboy.Busboy;
  try {
    // busboy signals `limit` on reaching fileSize, not on passing it: one byte more lets a file of exactly
    // `fileBytes` through.
    const fileSize = limits.fileBytes + 1;
    parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { ...FIELD_LIMITS, files: 1, parts: FIELD_LIMITS.fields + 1, fileSize } });
  } catch {
    // busboy throws synchronously on a missing or malformed boundary.
    throw badRequest('The multipart body has no valid boundary.');
  }
  const { fields, file } = await collectParts(req, parser, limits);
  const params = parseCanvasParams(new URLSearchParams(fields).toString());
  if (file) params.file = file;
  return params;
}

/**
 * Events rather than `for await` (as in request-body.ts): after a refusal the rest of the body is drained
 * unparsed, so the client reads our 4xx instead of a connection reset.
 */
function collectParts(req: IncomingMessage, parser: busboy.Busboy, limits: MultipartLimits): Promise<{ fields: [string, string][]; file?: UploadedFile }> {
  return new Promise((resolve, reject) => {
    const fields: [string, string][] = [];
    let file: UploadedFile | undefined;
    let settled = false;
    const fail = (error: HttpError): void => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(badRequest(`The form field ${name.slice(0, 100)} is too long.`));
      fields.push([name, value]);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(badRequest(`Unexpected file part ${name.slice(0, 100)}: send the file as the part named "file".`));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(payloadTooLarge(limits.fileBytes)));
      // busboy destroys an unfinished file part with the parse error, which the parser reports as well.
      stream.on('error', () => fail(badRequest('The multipart body is malformed.')));
      stream.on('end', () => {
        if (!settled) file = new UploadedFile(info.filename ?? 'file', info.mimeType, Buffer.concat(chunks));
      });
    });
    parser.on('filesLimit', () => fail(badRequest('Send exactly one file part.')));
    parser.on('fieldsLimit', () => fail(badRequest('The multipart body has too many fields.')));
    parser.on('partsLimit', () => fail(badRequest('The multipart body has too many parts.')));
    parser.on('error', () => fail(badRequest('The multipart body is malformed.')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve(file ? { fields, file } : { fields });
    });
    // A client that hangs up mid-body made the mistake; it must not be logged as a server failure.
    const cutOff = (): void => fail(badRequest('The request body was not received completely.'));
    req.on('error', cutOff);
    req.on('close', () => {
      if (!req.complete) cutOff();
    });
    req.pipe(parser);
  });
}
