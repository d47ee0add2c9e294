import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../../domain/principal.ts';
import type { RecordedWrite } from '../../domain/write-observer.ts';
import type { ContentViewer } from '../common/course-content.ts';
import type { FileDraft } from '../files/files.service.ts';

/** Canvas's step-1 signature is valid for 30 minutes; so is ours. */
export const UPLOAD_TTL_MS = 30 * 60 * 1000;
/** A client that keeps asking and never uploads only pushes out its own oldest pending uploads. */
const MAX_PENDING_PER_USER = 100;

/** A file announced in step 1 whose bytes have not arrived yet. */
export interface PendingUpload {
  readonly principal: Principal;
  /** Whom the File JSON of step 2 is shaped for (a student sees their submission file as its owner). */
  readonly viewer: ContentViewer;
  readonly draft: FileDraft;
  /** Step 1 as received: with the bytes added, the one request a device's hub performs for both steps. */
  readonly request: RecordedWrite | undefined;
  readonly expiresAt: number;
}

/**
 * Pending uploads, in memory only: a token is a bearer credential for one file, so it must not outlive the app
 * (docs/architecture.md §5.5), and a client whose token vanished with a restart simply asks again. Tokens are 256 random
 * bits; only their SHA-256 is kept, so a lookup's timing says nothing about a stored token.
 */
export class PendingUploads {
  readonly #byHash = new Map<string, PendingUpload>();

  /** Registers an upload and returns its token, which goes out in the upload URL. */
  add(upload: PendingUpload, now: number): string {
    this.#sweep(now);
    const own = [...this.#byHash].filter(([, u]) => u.principal.userId === upload.principal.userId);
    for (const [hash] of own.slice(0, Math.max(0, own.length - MAX_PENDING_PER_USER + 1))) this.#byHash.delete(hash);
    const token = randomBytes(32).toString('base64url');
    this.#byHash.set(hashOf(token), upload);
    return token;
  }

  /** The upload a token stands for, if it is known, unexpired and unused. */
  peek(token: string, now: number): PendingUpload | undefined {
    const upload = this.#byHash.get(hashOf(token));
    return upload && upload.expiresAt > now ? upload : undefined;
  }

  /** Like `peek`, and the token is spent: of two requests racing with one token, only one gets the upload. */
  take(token: string, now: number): PendingUpload | undefined {
    const upload = this.peek(token, now);
    this.#byHash.delete(hashOf(token));
    return upload;
  }

  #sweep(now: number): void {
    for (const [hash, upload] of this.#byHash) if (upload.expiresAt <= now) this.#byHash.delete(hash);
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
