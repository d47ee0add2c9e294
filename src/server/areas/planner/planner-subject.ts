import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { PlannerContexts } from './planner-contexts.ts';

/** Whose planner a request reads, and which of their contexts. */
export interface PlannerSubject {
  readonly userId: number;
  readonly contexts: PlannerContexts | null;
}

/**
 * The caller's own planner, or with `observed_user_id` a student's: Canvas requires `context_codes[]` then, and the
 * caller must observe that student (an active observer enrollment linked to them) in every course it names;
 * otherwise 401. An observer sees the student's course items and notes of those courses, never personal notes.
 */
export async function plannerSubject(
  services: CoreServices,
  principal: Principal,
  observedUserId: number | undefined,
  contexts: PlannerContexts | null,
): Promise<PlannerSubject> {
  if (observedUserId === undefined || observedUserId === principal.userId) return { userId: principal.userId, contexts };
  if (!(await services.repos.users.get(observedUserId))) throw new NotFoundError('user');
  if (contexts === null || contexts.courseIds.size === 0) throw new UnauthorizedError();
  for (const courseId of contexts.courseIds) {
    const own = await services.repos.enrollments.find({ course_id: courseId, user_id: principal.userId });
    const observes = own.some((e) => e.data.type === 'ObserverEnrollment' && e.data.associated_user_id === observedUserId && e.data.workflow_state === 'active');
    if (!observes) throw new UnauthorizedError();
  }
  return { userId: observedUserId, contexts: { courseIds: contexts.courseIds, self: false } };
}
