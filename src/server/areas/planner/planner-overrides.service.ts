import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { plannerOverrideKey, type PlannerOverrideData } from '../../domain/records/planner-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { plannableTypeOf, type Plannables } from './plannables.ts';
import type { CreateOverrideParams, UpdateOverrideParams } from './planner.params.ts';

export type PlannerOverride = Stored<PlannerOverrideData>;

/**
 * A user's planner overrides (docs/canvas-compatibility.md §9): one per plannable, marking it complete or dismissing it. Deletes are
 * soft; creating the override again revives it rather than failing on the removed one.
 */
export class PlannerOverridesService {
  readonly #services: CoreServices;
  readonly #plannables: Plannables;
  /** One create per user and plannable at a time, so two never both insert. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices, plannables: Plannables) {
    this.#services = services;
    this.#plannables = plannables;
  }

  get #repo() {
    return this.#services.repos.plannerOverrides;
  }

  /** The caller's active overrides, by id. */
  async list(principal: Principal): Promise<PlannerOverride[]> {
    return (await this.#repo.find({ user_id: principal.userId })).filter((o) => o.data.workflow_state === 'active');
  }

  /** 404 for another user's override and a deleted one. */
  async get(principal: Principal, id: number): Promise<PlannerOverride> {
    const override = await this.#repo.get(id);
    if (!override || override.data.user_id !== principal.userId || override.data.workflow_state !== 'active') throw new NotFoundError('planner override');
    return override;
  }

  async create(principal: Principal, p: CreateOverrideParams, stamp: WriteStamp): Promise<PlannerOverride> {
    const type = plannableTypeOf(p.plannable_type);
    if (p.plannable_id === undefined) throw ValidationError.field('plannable_id', "can't be blank", 'blank');
    const plannableId = p.plannable_id;
    await this.#plannables.courseOf(principal, type, plannableId, stamp.now);
    const key = plannerOverrideKey(principal.userId, type, plannableId);
    const flags = { marked_complete: p.marked_complete, dismissed: p.dismissed };
    return this.#writes.run(key, async () => {
      const current = await this.#repo.byLookup(key);
      if (current?.data.workflow_state === 'active') throw ValidationError.field('plannable_id', 'has already been taken', 'taken');
      if (current) return (await this.#repo.update(current.id, stamp, (d) => ({ ...d, ...flags, workflow_state: 'active', deleted_at: null })))!;
      return this.#repo.create({ user_id: principal.userId, plannable_type: type, plannable_id: plannableId, ...flags, workflow_state: 'active', deleted_at: null }, stamp);
    });
  }

  /** The assignment the override's plannable is graded through (Canvas's `associated_assignment_id`), or null. */
  async assignmentIdOf(override: PlannerOverride): Promise<number | null> {
    const { plannable_type: type, plannable_id: id } = override.data;
    const { quizzes, discussionTopics } = this.#services.repos;
    if (type === 'assignment') return id;
    if (type === 'quiz') return (await quizzes.get(id))?.data.assignment_id ?? null;
    if (type === 'discussion_topic' || type === 'announcement') return (await discussionTopics.get(id))?.data.assignment_id ?? null;
    return null;
  }

  /** Sets both flags, as sent (an omitted one is false). */
  async update(principal: Principal, p: UpdateOverrideParams, stamp: WriteStamp): Promise<PlannerOverride> {
    await this.get(principal, p.id);
    return (await this.#repo.update(p.id, stamp, (d) => ({ ...d, marked_complete: p.marked_complete, dismissed: p.dismissed })))!;
  }

  /** Soft delete: `deleted_at` set; answers the override as deleted. */
  async delete(principal: Principal, id: number, stamp: WriteStamp): Promise<PlannerOverride> {
    await this.get(principal, id);
    return (await this.#repo.update(id, stamp, (d) => ({ ...d, workflow_state: 'deleted', deleted_at: isoSeconds(stamp.now) })))!;
  }
}
