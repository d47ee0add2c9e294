import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';

export interface NewProgress {
  context_type: string;
  context_id: number;
  user_id: number;
  /** What the job does, e.g. `assign_unassigned_members`. */
  tag: string;
}

/**
 * Canvas's Progress: how an asynchronous job (group assignment, bulk grading) reports back. Jobs create one, then
 * advance it and finish it as completed or failed; clients poll `GET /api/v1/progress/:id`. A finished progress
 * never changes again, so a late write from a retried job cannot turn a failure into a success.
 */
export class ProgressService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  create(input: NewProgress, stamp: WriteStamp): Promise<Stored<ProgressData>> {
    return this.#services.repos.progress.create(
      { ...input, completion: 0, workflow_state: 'queued', message: null, results: null },
      stamp,
    );
  }

  async get(id: number): Promise<Stored<ProgressData>> {
    const record = await this.#services.repos.progress.get(id);
    if (!record) throw new NotFoundError('progress');
    return record;
  }

  /** Running, at `completion` percent (clamped to 0..100). */
  advance(id: number, completion: number, stamp: WriteStamp, message?: string) {
    return this.#change(id, stamp, (p) => ({
      ...p,
      workflow_state: 'running',
      completion: Math.min(100, Math.max(0, completion)),
      message: message ?? p.message,
    }));
  }

  complete(id: number, stamp: WriteStamp, results: unknown = null, message?: string) {
    return this.#change(id, stamp, (p) => ({ ...p, workflow_state: 'completed', completion: 100, results, message: message ?? p.message }));
  }

  fail(id: number, message: string, stamp: WriteStamp) {
    return this.#change(id, stamp, (p) => ({ ...p, workflow_state: 'failed', message }));
  }

  async #change(id: number, stamp: WriteStamp, change: (current: ProgressData) => ProgressData) {
    const updated = await this.#services.repos.progress.update(id, stamp, (current) =>
      current.workflow_state === 'completed' || current.workflow_state === 'failed' ? current : change(current),
    );
    if (!updated) throw new NotFoundError('progress');
    return updated;
  }
}
