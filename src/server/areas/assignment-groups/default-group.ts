import { activeGroups } from '../../domain/grading/course-scores.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';

/** Canvas's name for the group it creates when a course needs one. */
export const DEFAULT_GROUP_NAME = 'Assignments';

/**
 * Module-wide, as one process owns the data: two first assignments of a course created at once must not each make
 * a default group. Keyed by course id; servers sharing a process only wait on each other for the same id.
 */
const defaultGroupQueue = new KeyedQueue();

/** The id of the course's first live assignment group, creating "Assignments" when it has none (Canvas does so lazily). */
export function defaultGroupId(repos: Repositories, courseId: number, stamp: WriteStamp): Promise<number> {
  return defaultGroupQueue.run(String(courseId), async () => {
    const [first] = await activeGroups(repos, courseId);
    if (first) return first.id;
    const created = await repos.assignmentGroups.create(
      { course_id: courseId, name: DEFAULT_GROUP_NAME, position: 1, group_weight: 0, rules: {}, workflow_state: 'available' },
      stamp,
    );
    return created.id;
  });
}
