import { createHash } from 'node:crypto';
import type { Access } from '../domain/access.ts';
import { NotFoundError } from '../domain/errors.ts';
import type { Principal } from '../domain/principal.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { PullCollection } from './sync-partitions.ts';

/** What one user may see of one course, decided by the same policy as the API (domain/access.ts). */
export interface CourseScope {
  courseId: number;
  /** May see unpublished content (manage_content): teachers and designers. */
  staff: boolean;
  /** May change grades (manage_grades). */
  grader: boolean;
  /** Holds an active enrollment: a concluded member keeps read access but writes nothing (as in the API). */
  active: boolean;
  /** May add and remove teachers, TAs and designers (manage_admin_users): the right to write enrollments. */
  managesPeople: boolean;
  /** Whose course work the user may see, besides their own. */
  students: 'all' | ReadonlySet<number>;
}

/** Everything a device's user may receive, computed on the hub per request. */
export interface SyncScope {
  userId: number;
  /** Courses the user is enrolled in and may still read. */
  courses: ReadonlyMap<number, CourseScope>;
  /** Accounts along the chains of those courses: the device's permission checks need them. */
  accountIds: ReadonlySet<number>;
  /** Users enrolled in those courses. */
  peerUserIds: ReadonlySet<number>;
}

export async function computeSyncScope(principal: Principal, repos: Repositories, access: Access): Promise<SyncScope> {
  const enrollments = await repos.enrollments.find({ user_id: principal.userId });
  const courses = new Map<number, CourseScope>();
  const accountIds = new Set<number>();
  const peerUserIds = new Set<number>([principal.userId]);
  for (const courseId of new Set(enrollments.map((e) => e.course_id))) {
    const course = await readableCourse(principal, courseId, access);
    if (!course) continue;
    const context = { type: 'course', courseId } as const;
    const [staff, grader, students, managesPeople, own] = await Promise.all([
      access.can(principal, 'manage_content', context),
      access.can(principal, 'manage_grades', context),
      access.visibleStudents(principal, courseId),
      access.can(principal, 'manage_admin_users', context),
      access.enrollmentsOf(principal, courseId),
    ]);
    const active = own.some((e) => e.workflow_state === 'active');
    courses.set(courseId, { courseId, staff, grader, active, managesPeople, students });
    for (const account of await access.accountChain(course.accountId)) accountIds.add(account.id);
    for (const peer of await repos.enrollments.find({ course_id: courseId })) peerUserIds.add(peer.user_id);
  }
  return { userId: principal.userId, courses, accountIds, peerUserIds };
}

async function readableCourse(principal: Principal, courseId: number, access: Access): Promise<{ accountId: number } | undefined> {
  try {
    if (!(await access.canReadCourse(principal, courseId))) return undefined;
    const facts = await access.facts(principal, { type: 'course', courseId });
    return facts.course ? { accountId: facts.course.account_id } : undefined;
  } catch (err) {
    // A deleted course (or one whose account is gone) is simply not part of the scope.
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/**
 * A short hash of the part of the scope that decides what a collection's pull returns. Records that became
 * visible without being written (a new enrollment makes a whole course visible) sit behind the device's
 * checkpoint, so a changed fingerprint makes the hub pull that collection again from the start.
 */
export function scopeFingerprint(scope: SyncScope, collection: PullCollection): string {
  const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b);
  const courses = sorted(scope.courses.keys()).map((id) => {
    const c = scope.courses.get(id)!;
    const students = collection === 'course_user' ? (c.students === 'all' ? 'all' : sorted(c.students)) : undefined;
    return [id, c.staff, c.grader, students];
  });
  const basis =
    collection === 'directory'
      ? [scope.userId, sorted(scope.accountIds), sorted(scope.peerUserIds)]
      : [scope.userId, courses];
  return createHash('sha256').update(JSON.stringify(basis)).digest('hex').slice(0, 16);
}

export function seesStudent(scope: SyncScope, course: CourseScope, userId: number): boolean {
  return userId === scope.userId || course.students === 'all' || course.students.has(userId);
}
