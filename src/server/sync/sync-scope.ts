import { createHash } from 'node:crypto';
import type { Access } from '../domain/access.ts';
import { assignmentLockSubject, fileLock, pageLockSubject } from '../domain/content-visibility.ts';
import { RECORD_DECLARATIONS } from '../domain/declarations/index.ts';
import { CONTENT_MANAGERS, type ContentManager } from '../domain/declarations/record-declaration.ts';
import { NotFoundError } from '../domain/errors.ts';
import { ANY_MANAGING_PERMISSION } from '../domain/permissions/index.ts';
import type { Principal } from '../domain/principal.ts';
import { ContentLocks } from '../domain/progression/content-locks.ts';
import { cachePerKey, CourseCache } from '../domain/progression/course-cache.ts';
import type { ItemLock } from '../domain/progression/item-locks.ts';
import type { Repositories } from '../domain/repositories.ts';
import { pollsInScope, type PollCourse, type PollsInScope } from './poll-scope.ts';
import type { PullCollection } from './sync-partitions.ts';

/** What one user may see of one course, decided by the same policy as the API (domain/access.ts). */
export interface CourseScope {
  courseId: number;
  /**
   * The content permissions the user holds in the course: each record type's declaration names the one its REST
   * area asks before showing drafts (manage_assignments for assignments, manage_wiki for pages…).
   */
  manages: ReadonlySet<ContentManager>;
  /**
   * Holds an active enrollment. Always true today: a course whose enrollment ended leaves the scope, so its copies
   * are deleted from the device (docs/decisions/0048), while the API still lets a concluded member read it online.
   */
  active: boolean;
  /** May add and remove teachers, TAs and designers (manage_admin_users): the right to write enrollments. */
  managesPeople: boolean;
  /** Whose course work the user may see, besides their own. */
  students: 'all' | ReadonlySet<number>;
  /**
   * The course content locked for this user, by record key (`wiki_page:3`), with the lock the API shows: computed
   * by the API's own `ContentLocks` (dates, module prerequisites and sequences). Empty for staff, who are never
   * locked; undefined when the scope was computed without locks (only `course` pulls need them).
   */
  locks: ReadonlyMap<string, ItemLock> | undefined;
  /** The course lets devices hold locked content ahead of its unlock (`offline_locked_content`). */
  offlineLocked: boolean;
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
  /**
   * May enrol people in one of those courses (the enrollments POST's permission). That POST names anyone by the
   * login they sign in with and answers with the user, so such a user may learn every login of their accounts.
   */
  findsPeople: boolean;
  /**
   * Every course the user ever had an enrollment in, whatever its state now: where a device may still hold copies
   * that must be deleted once the course (or part of it) left the scope.
   */
  knownCourseIds: ReadonlySet<number>;
  /** The polls, choices and answers the poll API shows the user beyond their own course work. */
  polls: PollsInScope;
}

export interface ScopeOptions {
  /** The time locks are judged at. */
  now: number;
  /** Compute the content locks too (a `course` pull needs them; the others do not pay for them). */
  locks: boolean;
}

export async function computeSyncScope(principal: Principal, repos: Repositories, access: Access, options: ScopeOptions): Promise<SyncScope> {
  const enrollments = await repos.enrollments.find({ user_id: principal.userId });
  const knownCourseIds = new Set(enrollments.map((e) => e.course_id));
  const courses = new Map<number, CourseScope>();
  const accountIds = new Set<number>();
  const peerUserIds = new Set<number>([principal.userId]);
  const pollCourses: PollCourse[] = [];
  let findsPeople = false;
  for (const courseId of knownCourseIds) {
    if (!(await readableCourse(principal, courseId, access))) continue;
    const context = { type: 'course', courseId } as const;
    // Each question reads the same permission facts, which Access reuses until a write changes them.
    const [held, students, managesPeople, enrols, facts] = await Promise.all([
      Promise.all(CONTENT_MANAGERS.map(async (permission) => ((await access.can(principal, permission, context)) ? [permission] : []))),
      access.visibleStudents(principal, courseId),
      access.can(principal, 'manage_admin_users', context),
      access.canAny(principal, ANY_MANAGING_PERMISSION, context),
      access.facts(principal, context),
    ]);
    const own = facts.enrollments;
    const manages = new Set<ContentManager>(held.flat());
    const active = own.some((e) => e.workflow_state === 'active');
    // A concluded, inactive or deleted enrollment: the device gives back what it held of the course.
    if (!active) continue;
    findsPeople ||= enrols;
    const locks = options.locks ? await lockedContent(repos, principal.userId, courseId, manages, options.now) : undefined;
    const offlineLocked = (await repos.courses.get(courseId))?.data.offline_locked_content === true;
    courses.set(courseId, { courseId, manages, active, managesPeople, students, locks, offlineLocked });
    const sectionIds = new Set(own.filter((e) => e.workflow_state === 'active').map((e) => e.course_section_id));
    pollCourses.push({ courseId, sectionIds, managesContent: manages.has('manage_content') });
    for (const account of facts.accountChain) accountIds.add(account.id);
    for (const peer of await repos.enrollments.inCourse(courseId)) peerUserIds.add(peer.user_id);
  }
  const polls = await pollsInScope(repos, principal.userId, pollCourses);
  return { userId: principal.userId, courses, accountIds, peerUserIds, findsPeople, knownCourseIds, polls };
}

/**
 * The pages, assignments and course files locked for the user, with their locks: the same computation the API's
 * serializers make per request (docs/decisions/0036), so a device holds no more than the API would show. Like the
 * API, a kind's managers are never locked out of it.
 */
async function lockedContent(repos: Repositories, userId: number, courseId: number, manages: ReadonlySet<ContentManager>, now: number): Promise<ReadonlyMap<string, ItemLock>> {
  const locked = new Map<string, ItemLock>();
  const lockable = (name: 'wikiPages' | 'assignments' | 'files') => !manages.has(RECORD_DECLARATIONS[name].pull.managers);
  if (!lockable('wikiPages') && !lockable('assignments') && !lockable('files')) return locked;
  // Evaluating a progression may bring it up to date, as when the API shows the student their modules.
  const contentLocks = await ContentLocks.load(repos, userId, courseId, false, { actorId: userId, requestId: 'sync-scope', now });
  const { pages, assignments, files } = await lockableContent(repos).get(courseId);
  if (lockable('wikiPages')) for (const page of pages) addLock(locked, page.key, contentLocks.lockOf(pageLockSubject(page)));
  if (lockable('assignments')) for (const assignment of assignments) addLock(locked, assignment.key, contentLocks.lockOf(assignmentLockSubject(assignment)));
  if (lockable('files')) for (const file of files) if (file.data.purpose === 'course') addLock(locked, file.key, fileLock(file, contentLocks));
  return locked;
}

/**
 * A course's pages, assignments and course files, read once for every scope computed until a record of the course
 * changes: a burst of changes computes a scope for each of a course's listening students.
 */
const lockableContent = cachePerKey(
  (repos: Repositories) =>
    new CourseCache(repos.courses, async (courseId) => {
      const [pages, assignments, files] = await Promise.all([
        repos.wikiPages.find({ course_id: courseId }),
        repos.assignments.find({ course_id: courseId }),
        repos.files.find({ course_id: courseId }),
      ]);
      return { pages, assignments, files };
    }),
);

function addLock(locked: Map<string, ItemLock>, key: string, lock: ItemLock | undefined): void {
  if (lock) locked.set(key, lock);
}

async function readableCourse(principal: Principal, courseId: number, access: Access): Promise<boolean> {
  try {
    return await access.canReadCourse(principal, courseId);
  } catch (err) {
    // A deleted course (or one whose account is gone) is simply not part of the scope.
    if (err instanceof NotFoundError) return false;
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
    // Content that unlocked (a date passed, a prerequisite was completed) or locked again is sent anew.
    const locked = collection === 'course' ? [c.offlineLocked, [...(c.locks?.keys() ?? [])].sort()] : undefined;
    return [id, [...c.manages].sort(), students, locked];
  });
  // A poll session created, closed or made public elsewhere changes which polls, choices and answers travel.
  const polls = [...scope.polls.shown].sort(([a], [b]) => a - b);
  const basis =
    collection === 'directory'
      ? [scope.userId, sorted(scope.accountIds), sorted(scope.peerUserIds), scope.findsPeople, polls]
      : [scope.userId, courses, ...(collection === 'course_user' ? [sorted(scope.polls.publicSessions)] : [])];
  return createHash('sha256').update(JSON.stringify(basis)).digest('hex').slice(0, 16);
}

export function seesStudent(scope: SyncScope, course: CourseScope, userId: number): boolean {
  return userId === scope.userId || course.students === 'all' || course.students.has(userId);
}
