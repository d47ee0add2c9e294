import type { Stored } from '../storage/typed-records.ts';
import { assignmentAsSeen, courseFileReadable, pageAsSeen } from '../domain/content-visibility.ts';
import type { ItemLock } from '../domain/progression/item-locks.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { AssignmentData, FileData } from '../domain/records/content-records.ts';
import type { WikiPageData } from '../domain/records/page-records.ts';
import { seesStudent, type CourseScope, type SyncScope } from './sync-scope.ts';
import type { PullCollection, WireRecord } from './sync-partitions.ts';

/** What a pull sends for one changed record: the record (possibly redacted), a tombstone, or nothing. */
export type PullDecision = WireRecord | 'hidden' | 'skip';

/** Fields of another user's record a device may hold: what Canvas shows to people sharing a course. */
const PUBLIC_USER_FIELDS = ['name', 'sortable_name', 'short_name', 'root_account_id', 'workflow_state', 'uuid', 'time_zone', 'locale'];

/**
 * Draft state per course-content type, for users without manage_content. A type not listed here is shown to
 * staff only: a new type must be added on purpose before students receive it.
 */
const VISIBLE_TO_STUDENTS: Readonly<Record<string, (data: Record<string, unknown>) => boolean>> = {
  course: (d) => d.workflow_state === 'available' || d.workflow_state === 'completed',
  course_section: () => true,
  enrollment: () => true,
  assignment: (d) => d.workflow_state === 'published',
  // Students list a course's groups, and a device computes its student's totals from them.
  assignment_group: (d) => d.workflow_state === 'available',
  quiz: (d) => d.workflow_state === 'published',
  discussion_topic: (d) => d.workflow_state === 'published',
  wiki_page: (d) => d.workflow_state === 'active',
  context_module: (d) => d.published === true,
  content_tag: (d) => d.published === true,
  module_settings: () => true,
  group_category: () => true,
  group: () => true,
  group_membership: () => true,
  poll_session: () => true,
  live_assessment: () => true,
};

/**
 * What a lock withholds of each lockable type, as the API's serializers withhold it (domain/content-visibility.ts).
 * Locked course files are not listed: the API answers 404 for them, so they do not travel at all.
 */
const AS_SEEN_WHEN_LOCKED: Readonly<Record<string, (data: Record<string, unknown>, lock: ItemLock) => object>> = {
  wiki_page: (d, lock) => pageAsSeen(d as unknown as WikiPageData, lock),
  assignment: (d, lock) => assignmentAsSeen(d as unknown as AssignmentData, lock),
};

/**
 * Course-user records private to their owner, whoever else sees that user's course work. What a user has read or
 * liked in a discussion is theirs: the API shows it to no one else.
 */
const OWNER_ONLY: ReadonlySet<string> = new Set([
  'planner_note',
  'planner_override',
  'notification_policy',
  'error_report',
  'discussion_entry_participant',
  'discussion_topic_participant',
]);
/**
 * Course-user records about a student that only graders who see that student may hold. Stored totals include
 * unposted grades; a student's device computes its posted totals from its own records instead.
 */
const GRADERS_ONLY: ReadonlySet<string> = new Set(['custom_gradebook_column_datum', 'course_score']);

/** Decides per record; file lookups for file contents are cached for one pull. */
export class PullVisibility {
  readonly #scope: SyncScope;
  readonly #repos: Repositories;
  readonly #files = new Map<number, Promise<Stored<FileData> | undefined>>();

  constructor(scope: SyncScope, repos: Repositories) {
    this.#scope = scope;
    this.#repos = repos;
  }

  async decide(collection: PullCollection, doc: WireRecord): Promise<PullDecision> {
    if (collection === 'directory') return this.#directory(doc);
    const course = this.#scope.courses.get(doc.course_id);
    if (collection === 'course_user') return this.#courseUser(doc, course);
    if (!course) return 'skip';
    if (collection === 'history') return course.staff || doc.user_id === this.#scope.userId ? doc : 'skip';
    if (!(await this.#courseContent(doc, course))) return 'hidden';
    return this.#asSeen(doc, course);
  }

  /**
   * Whether a device may hold a copy of a record the user cannot see now, so that a pull that sweeps after a scope
   * change must send a tombstone for it: anything in the directory, and records of courses the user was ever in.
   */
  mayHaveHeld(collection: PullCollection, doc: WireRecord): boolean {
    return collection === 'directory' || this.#scope.knownCourseIds.has(doc.course_id);
  }

  /** Locked content without what the lock withholds, unless the course sends locked content ahead (0048). */
  #asSeen(doc: WireRecord, course: CourseScope): WireRecord {
    const redact = AS_SEEN_WHEN_LOCKED[doc.type];
    const lock = redact && lockOf(course, doc.key);
    if (!lock || !redact || course.offlineLocked) return doc;
    return { ...doc, data: redact(doc.data, lock) as Record<string, unknown> };
  }

  #directory(doc: WireRecord): PullDecision {
    const { userId, accountIds, peerUserIds } = this.#scope;
    switch (doc.type) {
      case 'account':
        return accountIds.has(doc.id) ? doc : 'skip';
      case 'role':
      case 'role_override':
        return accountIds.has(doc.parent_id) ? doc : 'skip';
      case 'user':
        if (doc.id === userId) return doc;
        return peerUserIds.has(doc.id) ? redactUser(doc) : 'skip';
      case 'account_user':
      case 'communication_channel':
      case 'poll':
        return doc.user_id === userId ? doc : 'skip';
      default:
        return 'skip';
    }
  }

  #courseUser(doc: WireRecord, course: CourseScope | undefined): PullDecision {
    // Course-less records (planner notes, notification policies) are their owner's alone.
    if (doc.course_id === 0 || !course) return doc.user_id === this.#scope.userId && doc.course_id === 0 ? doc : 'skip';
    // A planner note stays its owner's even when it names a course (the planner API: another user's note is a 404).
    if (OWNER_ONLY.has(doc.type)) return doc.user_id === this.#scope.userId ? doc : 'skip';
    // Teacher notes about a student are the graders' (custom columns need a grading right), never the student's.
    if (GRADERS_ONLY.has(doc.type)) return course.grader && seesStudent(this.#scope, course, doc.user_id) ? doc : 'skip';
    return seesStudent(this.#scope, course, doc.user_id) ? doc : 'skip';
  }

  async #courseContent(doc: WireRecord, course: CourseScope): Promise<boolean> {
    if (course.staff) return true;
    if (doc.type === 'attachment') return this.#fileVisible(doc.key, doc.data as unknown as FileData, course);
    // The bytes travel exactly when the API would let the user download them.
    if (doc.type === 'file_content') {
      const file = await this.#file(doc.parent_id);
      return !!file && this.#fileVisible(file.key, file.data, course);
    }
    return VISIBLE_TO_STUDENTS[doc.type]?.(doc.data) ?? false;
  }

  /**
   * The API's rule for a file (files.service `shownTo`): a submission file is its student's and their graders';
   * a course file is readable unless deleted or locked (a hidden one by link, which embedded images rely on). A
   * locked file travels only when the course sends locked content ahead; the device's API then still refuses it.
   */
  #fileVisible(key: string, file: FileData, course: CourseScope): boolean {
    if (file.purpose === 'submission') return seesStudent(this.#scope, course, file.user_id);
    return courseFileReadable(file, course.offlineLocked ? undefined : lockOf(course, key));
  }

  #file(id: number): Promise<Stored<FileData> | undefined> {
    let found = this.#files.get(id);
    if (!found) this.#files.set(id, (found = this.#repos.files.get(id)));
    return found;
  }
}

/** The lock the user meets on a course's content; a scope computed without locks must never judge content. */
function lockOf(course: CourseScope, key: string): ItemLock | undefined {
  if (!course.locks) throw new Error('a course pull needs its scope computed with the locks');
  return course.locks.get(key);
}

/** Another user's record without login, email or SIS ids; the lookup slot would leak the login. */
function redactUser(doc: WireRecord): WireRecord {
  const data = Object.fromEntries(PUBLIC_USER_FIELDS.filter((f) => f in doc.data).map((f) => [f, doc.data[f]]));
  return { ...doc, lookup_key: '', data: { ...data, login_id: '', email: null, sis_user_id: null, integration_id: null } };
}
