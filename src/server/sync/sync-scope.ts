import { createHash } from 'node:crypto';
import type { Access } from '../domain/access.ts';
import { assignmentLockSubject, fileLock, pageLockSubject } from '../domain/content-visibility.ts';
import { RECORD_DECLARATIONS } from '../domain/declarations/index.ts';
import { CONTENT_MANAGERS, type ContentManager } from '../domain/declarations/record-declaration.ts';
import { NotFoundError } from '../domain/errors.ts';
import { isUnposted, UNPOSTED_READERS } from '../domain/grading/posting-policy.ts';
import { GROUP_CATEGORY_READERS, readableGroups } from '../domain/group-visibility.ts';
import { ANY_MANAGING_PERMISSION } from '../domain/permissions/index.ts';
import type { Principal } from '../domain/principal.ts';
import { ContentLocks } from '../domain/progression/content-locks.ts';
import { cachePerKey, CourseCache } from '../domain/progression/course-cache.ts';
import type { ItemLock } from '../domain/progression/item-locks.ts';
import type { AssignmentData, FileData } from '../domain/records/content-records.ts';
import type { WikiPageData } from '../domain/records/page-records.ts';
import type { Repositories } from '../domain/repositories.ts';
import { enrollmentVisibility, isVisible, shownSections, type RosterVisibility } from '../domain/roster-visibility.ts';
import type { Stored } from '../domain/repository.ts';
import { postDelayed } from '../domain/topic-visibility.ts';
import { correctAnswersVisible } from '../domain/grading/quiz-taker-view.ts';
import { pollsInScope, type PollCourse, type PollsInScope } from './poll-scope.ts';
import type { PullCollection, WireRecord } from './sync-partitions.ts';

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
  /** What judged `locks` (the user's progression and the course's modules at the time), when any kind is lockable for them. */
  judge: ContentLocks | undefined;
  /** The course lets devices hold locked content ahead of its unlock (`offline_locked_content`). */
  offlineLocked: boolean;
  /** Whose enrollments the user sees: the enrollments API's rule (an observer: their own and their linked students'). */
  roster: RosterVisibility;
  /** The sections the sections API lists to the user. */
  sections: 'all' | ReadonlySet<number>;
  /** The groups the groups API lets the user read, and whether they are listed the categories. */
  groups: { readonly ids: 'all' | ReadonlySet<number>; readonly categories: boolean };
  /** May not see unposted grades and comments (the posting policy's readers: a student, an observer). */
  hidesUnposted: boolean;
  /** When `hidesUnposted`, the course's assignments whose grades are not posted (muted); empty otherwise. */
  unposted: ReadonlySet<number>;
  /** The sections of the user's active enrollments: section-specific topics travel to those sections' members. */
  sectionIds: ReadonlySet<number>;
  /**
   * Keys of the topics not yet posted for this user (their `delayed_post_at` still ahead), when computed with the
   * locks: part of the `course` fingerprint, so that a topic whose time came is pulled although nothing was written.
   */
  delayed: readonly string[];
  /**
   * The quizzes the user may start now (published, unlocked), when computed with the locks and the user does not
   * edit quizzes: their questions travel as a taker sees them (decision 0120). Part of the `course` fingerprint, so a
   * quiz published, unlocked or withdrawn sends or sweeps its questions although none was written.
   */
  openQuizzes: ReadonlySet<number>;
  /**
   * The quizzes whose correct answers the user's finished attempt shows now (`correctAnswersVisible`): their
   * questions travel whole, as the attempt's questions API then shows them. Part of the `course` fingerprint too.
   */
  answersShown: ReadonlySet<number>;
}

/** Everything a device's user may receive, computed on the hub per request. */
export interface SyncScope {
  userId: number;
  /** Courses the user is enrolled in and may still read. */
  courses: ReadonlyMap<number, CourseScope>;
  /** Accounts along the chains of those courses: the device's permission checks need them. */
  accountIds: ReadonlySet<number>;
  /** Users whose enrollment in one of those courses the user sees (their classmates, for an observer their linked students). */
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
  /** When the scope was computed: the time its pull rules (a delayed topic's post time) are judged at. */
  now: number;
  /** The conversations the user takes part in: only they, and their messages, reach the device (decision 0108). */
  conversations: ReadonlySet<number>;
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
    const [held, students, managesPeople, enrols, facts, roster, sections, seesUnposted, groupIds, categories] = await Promise.all([
      Promise.all(CONTENT_MANAGERS.map(async (permission) => ((await access.can(principal, permission, context)) ? [permission] : []))),
      access.visibleStudents(principal, courseId),
      access.can(principal, 'manage_admin_users', context),
      access.canAny(principal, ANY_MANAGING_PERMISSION, context),
      access.facts(principal, context),
      enrollmentVisibility(access, principal, courseId),
      shownSections(access, principal, courseId),
      access.canAny(principal, UNPOSTED_READERS, context),
      readableGroups(access, repos, principal, courseId),
      access.canAny(principal, GROUP_CATEGORY_READERS, context),
    ]);
    const own = facts.enrollments;
    const manages = new Set<ContentManager>(held.flat());
    const active = own.some((e) => e.workflow_state === 'active');
    // A concluded, inactive or deleted enrollment: the device gives back what it held of the course.
    if (!active) continue;
    findsPeople ||= enrols;
    const { locks, judge } = options.locks ? await lockedContent(repos, principal.userId, courseId, manages, options.now) : { locks: undefined, judge: undefined };
    const offlineLocked = (await repos.courses.get(courseId))?.data.offline_locked_content === true;
    const unposted = seesUnposted ? new Set<number>() : unpostedAssignments((await lockableContent(repos).get(courseId)).assignments);
    const sectionIds = new Set(own.filter((e) => e.workflow_state === 'active').map((e) => e.course_section_id));
    const delayed = options.locks && !manages.has('moderate_forum') ? await delayedTopics(repos, courseId, options.now) : [];
    const takes = options.locks && !manages.has('manage_assignments');
    const openQuizzes = takes ? await quizzesOpen(repos, courseId, options.now) : new Set<number>();
    const answersShown = takes ? await quizAnswersShown(repos, courseId, principal.userId, options.now) : new Set<number>();
    courses.set(courseId, { courseId, manages, active, managesPeople, students, locks, judge, offlineLocked, roster, sections, groups: { ids: groupIds, categories }, hidesUnposted: !seesUnposted, unposted, sectionIds, delayed, openQuizzes, answersShown });
    pollCourses.push({ courseId, sectionIds, managesContent: manages.has('manage_content') });
    for (const account of facts.accountChain) accountIds.add(account.id);
    // The people the enrollments API lists to the user: an observer's device learns no classmate's name.
    for (const peer of await repos.enrollments.inCourse(courseId)) if (isVisible(peer, roster)) peerUserIds.add(peer.user_id);
  }
  const polls = await pollsInScope(repos, principal.userId, pollCourses);
  const conversations = new Set((await repos.conversationParticipants.find({ user_id: principal.userId })).map((p) => p.data.conversation_id));
  return { userId: principal.userId, courses, accountIds, peerUserIds, findsPeople, knownCourseIds, polls, now: options.now, conversations };
}

/** The keys of a course's published topics whose post time is still ahead, in key order. */
async function delayedTopics(repos: Repositories, courseId: number, now: number): Promise<string[]> {
  const topics = await repos.discussionTopics.find({ course_id: courseId });
  return topics.filter((t) => t.data.workflow_state === 'published' && postDelayed(t.data, now)).map((t) => t.key).sort();
}

/** The ids of a course's quizzes a reader may start at `now`: published, past their unlock date. */
async function quizzesOpen(repos: Repositories, courseId: number, now: number): Promise<Set<number>> {
  const quizzes = await repos.quizzes.find({ course_id: courseId });
  return new Set(quizzes.filter((q) => q.data.workflow_state === 'published' && (q.data.unlock_at === null || Date.parse(q.data.unlock_at) <= now)).map((q) => q.id));
}

/** The ids of the course's quizzes whose correct answers the user's own finished attempt shows at `now`. */
async function quizAnswersShown(repos: Repositories, courseId: number, userId: number, now: number): Promise<Set<number>> {
  const shown = new Set<number>();
  for (const sub of await repos.quizSubmissions.find({ course_id: courseId, user_id: userId })) {
    const quiz = await repos.quizzes.get(sub.data.quiz_id);
    if (quiz && correctAnswersVisible(quiz.data, sub.data, now)) shown.add(quiz.id);
  }
  return shown;
}

/** The lockable content of a course: the pages, assignments and files whose locks a `course` stream judges by. */
const LOCKABLE = ['wikiPages', 'assignments', 'files'] as const;
type LockableName = (typeof LOCKABLE)[number];
const LOCKABLE_BY_TYPE = new Map<string, LockableName>(LOCKABLE.map((name) => [RECORD_DECLARATIONS[name].type, name]));

/** The lock a record of a lockable kind meets, read from its repository or its change stream. */
function lockOfContent(name: LockableName, record: Stored<object>, judge: ContentLocks): ItemLock | undefined {
  // Either source holds only records of the kind, so their data has its shape.
  switch (name) {
    case 'wikiPages':
      return judge.lockOf(pageLockSubject(record as Stored<WikiPageData>));
    case 'assignments':
      return judge.lockOf(assignmentLockSubject(record as Stored<AssignmentData>));
    case 'files': {
      // Submission files follow whose work they are, never a lock.
      const file = record as Stored<FileData>;
      return file.data.purpose === 'course' ? fileLock(file, judge) : undefined;
    }
  }
}

/** Like the API, a kind's managers are never locked out of it. */
const lockable = (name: LockableName, manages: ReadonlySet<ContentManager>) => !manages.has(RECORD_DECLARATIONS[name].pull.managers);

/**
 * The pages, assignments and course files locked for the user, with their locks: the same computation the API's
 * serializers make per request (docs/decisions/0036), so a device holds no more than the API would show. The
 * ContentLocks they were judged by come along, so content written later is judged without loading them again.
 */
async function lockedContent(
  repos: Repositories,
  userId: number,
  courseId: number,
  manages: ReadonlySet<ContentManager>,
  now: number,
): Promise<{ locks: ReadonlyMap<string, ItemLock>; judge: ContentLocks | undefined }> {
  const locked = new Map<string, ItemLock>();
  if (!LOCKABLE.some((name) => lockable(name, manages))) return { locks: locked, judge: undefined };
  // Evaluating a progression may bring it up to date, as when the API shows the student their modules.
  const judge = await ContentLocks.load(repos, userId, courseId, false, { actorId: userId, requestId: 'sync-scope', now });
  const { pages, assignments, files } = await lockableContent(repos).get(courseId);
  const records = { wikiPages: pages, assignments, files };
  for (const name of LOCKABLE) if (lockable(name, manages)) for (const record of records[name]) addLock(locked, record.key, lockOfContent(name, record, judge));
  return { locks: locked, judge };
}

/**
 * The scope after pages, assignments or files were written and nothing else a scope reads (see `ScopeFeed`): each
 * written record's lock is judged again by the locks the user already met (their progression, the course's
 * modules), from its new dates and the module items that show it. What `computeSyncScope` would find, at the time
 * the scope was computed, without reading anything; the same scope when no lock moved.
 */
export function withContentRejudged(scope: SyncScope, written: readonly WireRecord[]): SyncScope {
  let courses: Map<number, CourseScope> | undefined;
  for (const doc of written) {
    const name = LOCKABLE_BY_TYPE.get(doc.type);
    let course = courses?.get(doc.course_id) ?? scope.courses.get(doc.course_id);
    if (name === 'assignments' && course?.hidesUnposted) {
      // Muting or unmuting an assignment changes which grades and comments its students' devices hold.
      const muted = !doc._deleted && isUnposted(doc.data as unknown as AssignmentData);
      if (muted !== course.unposted.has(doc.id)) {
        const unposted = new Set(course.unposted);
        if (muted) unposted.add(doc.id);
        else unposted.delete(doc.id);
        courses ??= new Map(scope.courses);
        courses.set(course.courseId, (course = { ...course, unposted }));
      }
    }
    if (!name || !course?.locks || !course.judge || !lockable(name, course.manages)) continue;
    // The wire record is the stored one with RxDB's deletion flag; a deleted record is locked for no one.
    const lock = doc._deleted ? undefined : lockOfContent(name, doc, course.judge);
    // Most written content is open before and after: the scope stays the very same object (see the change feed).
    if (!lock && !course.locks.has(doc.key)) continue;
    const locks = new Map(course.locks);
    locks.delete(doc.key);
    addLock(locks, doc.key, lock);
    courses ??= new Map(scope.courses);
    courses.set(course.courseId, { ...course, locks });
  }
  return courses ? { ...scope, courses } : scope;
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
    // Muting an assignment takes its grades and others' comments from its students' devices; unmuting brings them.
    const students = collection === 'course_user' ? [c.students === 'all' ? 'all' : sorted(c.students), c.hidesUnposted, sorted(c.unposted)] : undefined;
    // Content that unlocked (a date passed, a prerequisite was completed) or locked again is sent anew.
    const locked = collection === 'course' ? [c.offlineLocked, [...(c.locks?.keys() ?? [])].sort(), rosterBasis(c.roster), c.sections === 'all' ? 'all' : sorted(c.sections), c.groups.ids === 'all' ? 'all' : sorted(c.groups.ids), c.groups.categories, c.delayed, sorted(c.openQuizzes), sorted(c.answersShown)] : undefined;
    return [id, [...c.manages].sort(), students, locked];
  });
  // A poll session created, closed or made public elsewhere changes which polls, choices and answers travel.
  const polls = [...scope.polls.shown].sort(([a], [b]) => a - b);
  const basis =
    collection === 'directory'
      ? // Joining a conversation makes its earlier messages visible: the pull starts over to send them.
        [scope.userId, sorted(scope.accountIds), sorted(scope.peerUserIds), scope.findsPeople, polls, sorted(scope.conversations)]
      : [scope.userId, courses, ...(collection === 'course_user' ? [sorted(scope.polls.publicSessions)] : [])];
  return createHash('sha256').update(JSON.stringify(basis)).digest('hex').slice(0, 16);
}

function rosterBasis(roster: RosterVisibility): unknown {
  return roster.kind === 'all' ? 'all' : [roster.kind, [...roster.ids].sort((a, b) => a - b)];
}

/** The ids of a course's assignments whose grades are not posted (the posting policy's `isUnposted`). */
function unpostedAssignments(assignments: readonly Stored<AssignmentData>[]): Set<number> {
  return new Set(assignments.filter((a) => isUnposted(a.data)).map((a) => a.id));
}

export function seesStudent(scope: SyncScope, course: CourseScope, userId: number): boolean {
  return userId === scope.userId || course.students === 'all' || course.students.has(userId);
}
