import type { CoreServices } from '../../core-services.ts';
import { InvalidTokenError } from '../../domain/errors.ts';
import type { FileData } from '../../domain/records/content-records.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Stored } from '../../domain/repository.ts';
import type { RecordedWrite } from '../../domain/write-observer.ts';
import { writeStamp } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';
import type { FileMeta } from '../files/files.params.ts';
import { FilesService } from '../files/files.service.ts';
import { PendingUploads, UPLOAD_TTL_MS } from './pending-uploads.ts';

/** Canvas's step-1 answer: where to send the bytes, and the fields to send before them. */
export interface UploadTicket {
  upload_url: string;
  upload_params: { filename: string; content_type: string };
  file_param: 'file';
  progress: null;
}

/** What the upload steps read from their request: who, when, and the origin the upload URL is built on. */
export interface UploadRequest {
  readonly principal: Principal;
  readonly requestId: string;
  readonly now: number;
  readonly baseUrl: string;
  readonly received?: RecordedWrite;
}

const servicesByCore = new WeakMap<CoreServices, FileUploadsService>();

/** Step 1 runs in the files and submissions areas, step 2 in this one: they share one store per running core. */
export function fileUploadsOf(services: CoreServices): FileUploadsService {
  let uploads = servicesByCore.get(services);
  if (!uploads) servicesByCore.set(services, (uploads = new FileUploadsService(services)));
  return uploads;
}

/**
 * Canvas's three-step upload (docs/decisions/0004-file-storage.md): step 1 validates the file's metadata against
 * the caller's rights and hands out a single-use upload URL; step 2 brings the bytes to that URL, authorised by
 * its token alone (Canvas clients send no access token there), and stores the file.
 */
export class FileUploadsService {
  readonly #files: FilesService;
  readonly #pending = new PendingUploads();

  constructor(services: CoreServices) {
    this.#files = new FilesService(services);
  }

  /** Step 1, once the route has checked the caller may create this file; `shownAs` shapes step 2's File JSON. */
  begin(ctx: UploadRequest, viewer: ContentViewer, meta: FileMeta, purpose: FileData['purpose'], shownAs = viewer): UploadTicket {
    const draft = this.#files.draft(viewer, meta, purpose);
    const token = this.#pending.add({ principal: ctx.principal, viewer: shownAs, draft, request: ctx.received, expiresAt: ctx.now + UPLOAD_TTL_MS }, ctx.now);
    return {
      upload_url: `${ctx.baseUrl}/api/v1/file_uploads/${token}`,
      upload_params: { filename: draft.data.filename, content_type: draft.data.content_type },
      file_param: 'file',
      progress: null,
    };
  }

  /** Step 2's credential: the uploader, while the token is known, unexpired and unused; else the 401 of a bad token. */
  principalFor(token: unknown, now: number): Principal {
    const upload = typeof token === 'string' ? this.#pending.peek(token, now) : undefined;
    if (!upload) throw new InvalidTokenError();
    return upload.principal;
  }

  /**
   * Step 2 as a device records it for its hub: the step-1 request with the bytes as its `content` (Outpost's
   * one-request upload), which the hub performs as the same user through the same route, so its own checks of
   * the file (rights, extension, size) decide. Undefined for a token step 2 will refuse anyway.
   */
  recordedAs(token: string, file: { readonly bytes: Buffer }, now: number): RecordedWrite | undefined {
    const request = this.#pending.peek(token, now)?.request;
    // `size` is what step 1 was told; the hub checks it against the bytes, so it says what step 2 received.
    return request && { ...request, params: { ...request.params, size: file.bytes.length, content: file.bytes.toString('base64') } };
  }

  /** Step 2: spends the token and stores the bytes under the metadata of step 1. */
  async complete(ctx: UploadRequest, token: string, file: { readonly bytes: Buffer }): Promise<{ file: Stored<FileData>; viewer: ContentViewer }> {
    const upload = this.#pending.take(token, ctx.now);
    // Another request with the same token got here first.
    if (!upload) throw new InvalidTokenError();
    return { file: await this.#files.store(upload.draft, file.bytes, writeStamp(ctx)), viewer: upload.viewer };
  }
}
