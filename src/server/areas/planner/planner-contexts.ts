import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import { whenNotFound } from '../common/id-lookup.ts';

/** Which contexts a planner list covers: null means every context of the caller (the default). */
export interface PlannerContexts {
  /** Courses asked for that the caller may read. */
  readonly courseIds: ReadonlySet<number>;
  /** Whether the caller's own `user_<id>` was asked for: their personal notes. */
  readonly self: boolean;
}

const COURSE_CODE = /^course_(\d{1,16})$/;
const USER_CODE = /^user_(\d{1,16})$/;

/**
 * `context_codes[]` filtered to what the caller may read (docs/canvas-compatibility.md §9): unreadable or unknown courses, other
 * users and malformed codes are dropped rather than refused.
 */
export async function plannerContexts(services: CoreServices, principal: Principal, codes: readonly string[] | undefined): Promise<PlannerContexts | null> {
  if (codes === undefined) return null;
  const courseIds = new Set<number>();
  let self = false;
  for (const code of codes) {
    const user = USER_CODE.exec(code);
    if (user) self ||= Number(user[1]) === principal.userId;
    const course = COURSE_CODE.exec(code);
    if (!course) continue;
    const id = Number(course[1]);
    // An unknown course throws NotFoundError: dropped like an unreadable one.
    if (await services.access.canReadCourse(principal, id).catch(whenNotFound(false))) courseIds.add(id);
  }
  return { courseIds, self };
}

/** Whether a note of `courseId` (null: personal) is among the contexts. */
export function coversNote(contexts: PlannerContexts | null, courseId: number | null): boolean {
  if (contexts === null) return true;
  return courseId === null ? contexts.self : contexts.courseIds.has(courseId);
}
