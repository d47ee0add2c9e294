import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { activeGroups, groupOf } from '../../domain/grading/course-scores.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { AssignmentGroupData, AssignmentGroupRules } from '../../domain/records/grading-records.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { DEFAULT_GROUP_NAME, defaultGroupId } from './default-group.ts';
import { isVisibleContent, type ContentViewer } from '../common/course-content.ts';
import type { AssignmentsService } from '../assignments/assignments.service.ts';
import type { AssignmentGroupFields } from './assignment-groups.params.ts';

export type AssignmentGroup = Stored<AssignmentGroupData>;

/**
 * A course's assignment groups (Canvas's AssignmentGroup): position order, weights and drop rules for the course
 * totals, soft deletes that take the group's work with them unless it moves elsewhere.
 */
export class AssignmentGroupsService {
  readonly #services: CoreServices;
  readonly #assignments: AssignmentsService;

  constructor(services: CoreServices, assignments: AssignmentsService) {
    this.#services = services;
    this.#assignments = assignments;
  }

  get #repo() {
    return this.#services.repos.assignmentGroups;
  }

  /** The live groups; a course editor's first look creates the default group, as Canvas does. */
  async list(viewer: ContentViewer, stamp: WriteStamp): Promise<AssignmentGroup[]> {
    if (viewer.canManage) await defaultGroupId(this.#services.repos, viewer.courseId, stamp);
    return activeGroups(this.#services.repos, viewer.courseId);
  }

  /** 404 for a group of another course or a deleted one. */
  async get(courseId: number, id: number): Promise<AssignmentGroup> {
    const group = await this.#repo.get(id);
    if (!group || group.data.course_id !== courseId || group.data.workflow_state !== 'available') throw new NotFoundError('assignment group');
    return group;
  }

  /** A new group goes last unless it names a position. */
  async create(courseId: number, fields: AssignmentGroupFields, stamp: WriteStamp): Promise<AssignmentGroup> {
    const groups = await activeGroups(this.#services.repos, courseId);
    const last = Math.max(0, ...groups.map((g) => g.data.position));
    const base: AssignmentGroupData = { course_id: courseId, name: DEFAULT_GROUP_NAME, position: last + 1, group_weight: 0, rules: {}, workflow_state: 'available' };
    return this.#repo.create(applyFields(base, fields), stamp);
  }

  /** Changes only what is sent; `rules`, when sent, replaces the whole rule set, as in Canvas. */
  async update(courseId: number, id: number, fields: AssignmentGroupFields, stamp: WriteStamp): Promise<AssignmentGroup> {
    return retryStale(async () => {
      const current = await this.get(courseId, id);
      const planned = this.#repo.replacement(current, applyFields(current.data, fields), stamp);
      await writeTogether([planned]);
      return planned.record;
    });
  }

  /**
   * Soft-deletes the group and, in the same transaction, either moves its work to `moveTo` (another live group of
   * the course, else 404) or deletes that work (with the quizzes and topics it grades), as Canvas does.
   */
  async delete(courseId: number, id: number, moveTo: number | undefined, stamp: WriteStamp): Promise<AssignmentGroup> {
    if (moveTo === id) throw ValidationError.field('move_assignments_to', 'cannot be the group being deleted', 'invalid');
    return retryStale(async () => {
      const group = await this.get(courseId, id);
      if (moveTo !== undefined) await this.get(courseId, moveTo);
      const groups = await activeGroups(this.#services.repos, courseId);
      const work = (await this.#courseAssignments(courseId)).filter((a) => groupOf(a.data, groups) === id);
      const planned = this.#repo.replacement(group, { ...group.data, workflow_state: 'deleted' }, stamp);
      const writes: PlannedWrite[] = [planned];
      for (const a of work) {
        const next: AssignmentData = moveTo === undefined
          ? { ...a.data, workflow_state: 'deleted' }
          : { ...a.data, assignment_group_id: moveTo };
        writes.push(...(await this.#assignments.withLinked(a, next, stamp)).writes);
      }
      await writeTogether(writes);
      return planned.record;
    });
  }

  /** Each group's assignments the viewer may see, in assignment order. */
  async assignmentsByGroup(viewer: ContentViewer, groups: readonly AssignmentGroup[]): Promise<Map<number, Stored<AssignmentData>[]>> {
    const all = await activeGroups(this.#services.repos, viewer.courseId);
    const visible = (await this.#courseAssignments(viewer.courseId)).filter((a) => isVisibleContent(a.data.workflow_state, viewer));
    const byGroup = Map.groupBy(visible, (a) => groupOf(a.data, all) ?? 0);
    return new Map(groups.map((g) => [g.id, byGroup.get(g.id) ?? []]));
  }

  async #courseAssignments(courseId: number): Promise<Stored<AssignmentData>[]> {
    const all = await this.#services.repos.assignments.find({ course_id: courseId }, [{ sort_key: 'asc' }]);
    return all.filter((a) => a.data.workflow_state !== 'deleted');
  }
}

function applyFields(current: AssignmentGroupData, f: AssignmentGroupFields): AssignmentGroupData {
  const next = { ...current };
  if (f.name !== undefined) next.name = f.name === '' ? DEFAULT_GROUP_NAME : f.name;
  if (f.position !== undefined) next.position = f.position;
  if (f.group_weight !== undefined) next.group_weight = f.group_weight ?? 0;
  if (f.rules !== undefined) next.rules = rulesOf(f.rules);
  return next;
}

/** Only the rules sent are kept, and never_drop without duplicates, so the JSON echoes what was set. */
function rulesOf(sent: NonNullable<AssignmentGroupFields['rules']>): AssignmentGroupRules {
  const rules: AssignmentGroupRules = {};
  if (sent.drop_lowest !== undefined) rules.drop_lowest = sent.drop_lowest;
  if (sent.drop_highest !== undefined) rules.drop_highest = sent.drop_highest;
  if (sent.never_drop !== undefined) rules.never_drop = [...new Set(sent.never_drop)];
  return rules;
}
