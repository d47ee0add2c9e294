import type { CoreServices } from '../../core-services.ts';
import { NO_LATE_POLICY } from '../../../contracts/lms-dtos.ts';
import { InvalidError, NotFoundError, ParamMissingError } from '../../domain/errors.ts';
import { latePolicyKey, type LatePolicyData } from '../../domain/records/late-policy-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { applyLatePolicyToCourse } from './late-policy-applicator.ts';
import type { LatePolicyChanges } from './late-policy.params.ts';

/** A course's late policy (docs/canvas-compatibility.md §8.5): one per course; a change rescores the course's submissions. */
export class LatePolicyService {
  readonly #repos: Repositories;
  /** Writes per course, one after another, so two creates can never both find no policy and both insert one. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#repos = services.repos;
  }

  async get(courseId: number): Promise<Stored<LatePolicyData>> {
    const record = await this.#find(courseId);
    if (!record) throw new NotFoundError('late policy');
    return record;
  }

  create(courseId: number, changes: LatePolicyChanges | undefined, stamp: WriteStamp): Promise<Stored<LatePolicyData>> {
    const sent = required(changes);
    return this.#writes.run(`late_policy:${courseId}`, async () => {
      // Canvas answers a second policy as bad input, in its `{"status":"bad_request",…}` wording, not as a 409.
      if (await this.#find(courseId)) throw new InvalidError('only one late policy per course is allowed', 'status');
      const record = await this.#repos.latePolicies.create({ ...NO_LATE_POLICY, ...sent, course_id: courseId }, stamp);
      await applyLatePolicyToCourse(this.#repos, courseId, record.data, stamp);
      return record;
    });
  }

  update(courseId: number, changes: LatePolicyChanges | undefined, stamp: WriteStamp): Promise<void> {
    const sent = required(changes);
    return this.#writes.run(`late_policy:${courseId}`, async () => {
      const current = await this.get(courseId);
      const updated = await this.#repos.latePolicies.update(current.id, stamp, (data) => ({ ...data, ...sent }));
      if (updated) await applyLatePolicyToCourse(this.#repos, courseId, updated.data, stamp);
    });
  }

  #find(courseId: number): Promise<Stored<LatePolicyData> | undefined> {
    return this.#repos.latePolicies.byLookup(latePolicyKey(courseId));
  }
}

/**
 * Canvas's `params.require(:late_policy)`: an absent or empty block is a 400. Fields left out are dropped, so an
 * update keeps what it does not mention.
 */
function required(changes: LatePolicyChanges | undefined): Partial<Omit<LatePolicyData, 'course_id'>> {
  const sent = Object.fromEntries(Object.entries(changes ?? {}).filter(([, value]) => value !== undefined));
  if (Object.keys(sent).length === 0) throw new ParamMissingError('late_policy');
  return sent;
}
