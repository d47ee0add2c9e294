import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import { parseCanvasId } from '../common/id-lookup.ts';

/** Who is looking at a course's modules, and whose progression (if anyone's) the answer carries. */
export interface ModuleViewer {
  readonly principal: Principal;
  readonly courseId: number;
  /** manage_content: sees unpublished modules and items and the `published` flag; is never locked. */
  readonly canManage: boolean;
  /** The student whose state, completed_at and locks are shown: the caller if a student, or `student_id`. */
  readonly studentId: number | null;
}

/**
 * Builds the viewer. Canvas's order: a `student_id` naming no user is a 404; one whose work the caller may not see
 * (graders, the student themself, an observer of them may) or who is no student of the course is a 401, as
 * Canvas's read_grades check on the student answers.
 */
export async function moduleViewer(
  services: CoreServices,
  principal: Principal,
  courseId: number,
  rawStudentId: string | undefined,
  now: number,
): Promise<ModuleViewer> {
  const canManage = await services.access.canAny(principal, ['manage_content'], { type: 'course', courseId });
  const progression = progressionService(services.repos);
  if (rawStudentId === undefined || rawStudentId === '') {
    // Teachers, admins and observers are never locked: only the caller's own student enrollment shows state.
    const own = !canManage && (await progression.participatesAsStudent(courseId, principal.userId, now));
    return { principal, courseId, canManage, studentId: own ? principal.userId : null };
  }
  const parsed = parseCanvasId(rawStudentId, true);
  const studentId = parsed.kind === 'self' ? principal.userId : parsed.kind === 'id' ? parsed.id : NaN;
  if (Number.isNaN(studentId) || !(await services.repos.users.get(studentId))) throw new NotFoundError('student');
  const visible = await services.access.visibleStudents(principal, courseId);
  if (visible !== 'all' && !visible.has(studentId)) throw new UnauthorizedError();
  const enrollments = await services.repos.enrollments.find({ course_id: courseId, user_id: studentId });
  if (!enrollments.some((e) => e.data.type === 'StudentEnrollment')) throw new UnauthorizedError();
  return { principal, courseId, canManage, studentId };
}

