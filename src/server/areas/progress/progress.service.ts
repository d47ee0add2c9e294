import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { progressStates } from '../../domain/progress-states.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';

/**
 * Canvas's Progress: how an asynchronous job reports back; clients poll `GET /api/v1/progress/:id`. Jobs that
 * must survive a restart run from the job table (jobs/job-runner.ts), which moves their Progress itself.
 */
export class ProgressService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async get(id: number): Promise<Stored<ProgressData>> {
    const record = await this.#services.repos.progress.get(id);
    if (!record) throw new NotFoundError('progress');
    return record;
  }

  /** Running, at `completion` percent (clamped to 0..100); a finished progress stays as it is. */
  async advance(id: number, completion: number, stamp: WriteStamp, message?: string): Promise<Stored<ProgressData>> {
    const updated = await this.#services.repos.progress.update(id, stamp, progressStates.running(completion, message));
    if (!updated) throw new NotFoundError('progress');
    return updated;
  }
}
