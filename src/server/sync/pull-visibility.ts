import type { Stored } from '../storage/typed-records.ts';
import { courseFileReadable } from '../domain/content-visibility.ts';
import { declarationOf } from '../domain/declarations/index.ts';
import type { ContentPull, CourseWorkPull, DirectoryPull } from '../domain/declarations/record-declaration.ts';
import type { ItemLock } from '../domain/progression/item-locks.ts';
import type { Repositories } from '../domain/repositories.ts';
import type { FileData, QuizData } from '../domain/records/content-records.ts';
import type { QuizSubmissionData } from '../domain/records/quiz-records.ts';
import { graderSubmission, takerSubmission } from '../domain/grading/quiz-taker-view.ts';
import type { EnrollmentData } from '../domain/records/course-records.ts';
import type { SubmissionCommentData, SubmissionData } from '../domain/records/submission-records.ts';
import { peerReviewShown, type PeerReviewData } from '../domain/records/peer-review-records.ts';
import { commentShown, withoutUnpostedGrade } from '../domain/grading/posting-policy.ts';
import { mayHaveBeenPublished } from '../domain/publication-marker.ts';
import { isVisible } from '../domain/roster-visibility.ts';
import { seesStudent, type CourseScope, type SyncScope } from './sync-scope.ts';
import { toWire, type PullCollection, type WireRecord } from './sync-partitions.ts';

/** What a pull sends for one changed record: the record (possibly redacted), a tombstone, or nothing. */
export type PullDecision = WireRecord | 'hidden' | 'skip';

/** Fields of another user's record a device may hold: what Canvas shows to people sharing a course. */
const PUBLIC_USER_FIELDS = ['name', 'sortable_name', 'short_name', 'root_account_id', 'workflow_state', 'uuid', 'time_zone', 'locale'];

/** What someone who may enrol people holds of a user they share no course with, besides the login: enough to list the enrolment. */
const LOGIN_ENTRY_FIELDS = ['name', 'sortable_name', 'short_name', 'root_account_id', 'workflow_state'];

/** Decides per record; file lookups for file contents are cached for one pull. */
export class PullVisibility {
  readonly #scope: SyncScope;
  readonly #repos: Repositories;
  readonly #files = new Map<number, Promise<Stored<FileData> | undefined>>();
  readonly #quizzes = new Map<number, Promise<Stored<QuizData> | undefined>>();
  readonly #containers = new Map<number, Promise<true | 'hidden' | 'skip'>>();

  constructor(scope: SyncScope, repos: Repositories) {
    this.#scope = scope;
    this.#repos = repos;
  }

  /**
   * By the rule the record's type declares (domain/declarations/). A type without a declaration is sync
   * bookkeeping kept beside the records it is about (receipts): judged as it was before declarations existed,
   * course work in `course_user`, the course's staff alone in `course` and `history`, no one in the directory.
   *
   * 'hidden' (a bare tombstone) only for a record the device may hold a copy of: one shown to the user before it
   * changed, or deleted, or was unpublished (decision 0097). A record the user never could read is 'skip', so
   * neither a tombstone nor a stream event tells them it exists; what leaves their view by a change of scope (a
   * lost permission or section, a muted assignment) goes in the sweep the changed fingerprint starts.
   */
  async decide(collection: PullCollection, doc: WireRecord): Promise<PullDecision> {
    const shown = await this.#judge(collection, doc);
    // A deleted record (its last data is kept) is a tombstone to whoever was shown it.
    return doc._deleted && shown !== 'skip' ? 'hidden' : shown;
  }

  async #judge(collection: PullCollection, doc: WireRecord): Promise<PullDecision> {
    const declared = declarationOf(doc.type);
    if (collection === 'directory') return this.#directory(doc, declared?.collection === 'directory' ? declared.pull : 'nobody');
    const course = this.#scope.courses.get(doc.course_id);
    if (collection === 'course_user') return this.#courseUser(doc, course, declared?.collection === 'course_user' ? declared.pull : 'course_work');
    if (!course) return 'skip';
    if (collection === 'history') {
      const managers = declared?.collection === 'history' ? declared.pull.managers : BOOKKEEPING.managers;
      return course.manages.has(managers) || doc.user_id === this.#scope.userId ? doc : 'skip';
    }
    const content: ContentPull<Record<string, unknown>> = declared?.collection === 'course' ? declared.pull : BOOKKEEPING;
    const shown = await this.#courseContent(doc, course, content);
    // Removed content is REST's to no one: a tombstone to whoever may hold a copy.
    if (declared?.collection === 'course' && declared.removed?.(doc.data)) return shown === 'skip' ? 'skip' : 'hidden';
    if (shown !== true) return shown;
    // A taker's copy, until their finished attempt shows the correct answers (as its questions API then does).
    if (content.shownTo === 'quiz_takers' && !course.manages.has(content.managers) && !course.answersShown.has(doc.parent_id)) return { ...doc, data: content.forTakers(doc.data) as Record<string, unknown> };
    return content.shownTo === 'published' ? this.#asSeen(doc, course, content.whenLocked) : doc;
  }

  /**
   * Whether a device may hold a copy of a record the user cannot see now, so that a pull that sweeps after a scope
   * change must send a tombstone for it: anything in the directory, and records of courses the user was ever in.
   */
  mayHaveHeld(collection: PullCollection, doc: WireRecord): boolean {
    return collection === 'directory' || this.#scope.knownCourseIds.has(doc.course_id);
  }

  /** Locked content without what the lock withholds, unless the course sends locked content ahead (0048). */
  #asSeen(doc: WireRecord, course: CourseScope, whenLocked: ((data: Record<string, unknown>) => Record<string, unknown>) | undefined): WireRecord {
    if (!whenLocked || course.offlineLocked || !lockOf(course, doc.key)) return doc;
    return { ...doc, data: whenLocked(doc.data) };
  }

  #directory(doc: WireRecord, pull: DirectoryPull): PullDecision {
    const { userId, accountIds, peerUserIds, findsPeople } = this.#scope;
    switch (pull) {
      case 'account':
        return accountIds.has(doc.id) ? doc : 'skip';
      case 'account_part':
        return accountIds.has(doc.parent_id) ? doc : 'skip';
      case 'person':
        if (doc.id === userId) return doc;
        if (peerUserIds.has(doc.id)) return redactUser(doc, PUBLIC_USER_FIELDS, findsPeople);
        return findsPeople && accountIds.has(Number(doc.data.root_account_id)) ? redactUser(doc, LOGIN_ENTRY_FIELDS, true) : 'skip';
      case 'owner':
        return doc.user_id === userId ? doc : 'skip';
      case 'poll':
        return this.#scope.polls.shown.has(doc.id) ? doc : 'skip';
      case 'poll_choice': {
        const showsCorrect = this.#scope.polls.shown.get(doc.parent_id);
        if (showsCorrect === undefined) return 'skip';
        return showsCorrect ? doc : { ...doc, data: { ...doc.data, is_correct: false } };
      }
      case 'conversation':
        return this.#scope.conversations.has(doc.id) ? doc : 'skip';
      case 'conversation_part':
        return this.#scope.conversations.has(doc.parent_id) ? doc : 'skip';
      case 'nobody':
        return 'skip';
    }
  }

  async #courseUser(doc: WireRecord, course: CourseScope | undefined, pull: CourseWorkPull): Promise<PullDecision> {
    // Course-less records (planner notes, notification policies) are their owner's alone.
    if (doc.course_id === 0 || !course) return doc.user_id === this.#scope.userId && doc.course_id === 0 ? doc : 'skip';
    if (pull === 'owner') return doc.user_id === this.#scope.userId ? doc : 'skip';
    if (pull === 'graders') return course.manages.has('manage_grades') && seesStudent(this.#scope, course, doc.user_id) ? doc : 'skip';
    if (pull === 'grade_viewers') return course.manages.has('view_all_grades') && seesStudent(this.#scope, course, doc.user_id) ? doc : 'skip';
    if (pull === 'poll_answers' && this.#scope.polls.publicSessions.has(doc.parent_id)) return doc;
    if (pull === 'quiz_attempts') return this.#quizAttempt(doc, course);
    if (!seesStudent(this.#scope, course, doc.user_id)) return 'skip';
    if (pull === 'peer_reviews') return this.#peerReview(doc, course);
    if (pull === 'graded_work') return this.#posted(doc, course);
    if (pull === 'work_comments') return this.#comment(doc, course);
    return doc;
  }

  /** A peer review the peer reviews API lists to the user; a removed one a tombstone to whoever it was listed to. */
  #peerReview(doc: WireRecord, course: CourseScope): PullDecision {
    const review = doc.data as unknown as PeerReviewData;
    const grader = course.manages.has('view_all_grades') || course.manages.has('manage_grades');
    const shown = (r: PeerReviewData) => peerReviewShown(r, this.#scope.userId, grader, (userId) => seesStudent(this.#scope, course, userId));
    if (shown(review)) return doc;
    return shown({ ...review, workflow_state: 'assigned' }) ? 'hidden' : 'skip';
  }

  /**
   * A quiz submission as the quiz submissions API shows it: to the graders who see its student whole (but for its
   * owner's token), to its owner without what the quiz's `hide_results` withholds (decision 0120).
   */
  async #quizAttempt(doc: WireRecord, course: CourseScope): Promise<PullDecision> {
    const attempt = doc.data as unknown as QuizSubmissionData;
    const grader = course.manages.has('manage_grades') || course.manages.has('view_all_grades');
    if (grader && seesStudent(this.#scope, course, doc.user_id)) return doc.user_id === this.#scope.userId ? doc : { ...doc, data: graderSubmission(attempt) as unknown as Record<string, unknown> };
    if (doc.user_id !== this.#scope.userId) return 'skip';
    const quiz = await this.#quiz(attempt.quiz_id);
    return quiz ? { ...doc, data: takerSubmission(quiz.data, attempt) as unknown as Record<string, unknown> } : 'hidden';
  }

  /** A submission (or a version of it) as the submissions API shows it to the user: no grade before it is posted. */
  #posted(doc: WireRecord, course: CourseScope): WireRecord {
    const work = doc.data as unknown as SubmissionData;
    if (!course.hidesUnposted || !course.unposted.has(work.assignment_id)) return doc;
    return { ...doc, data: withoutUnpostedGrade(work) as unknown as Record<string, unknown> };
  }

  /**
   * A comment the submissions API shows the user; a deleted one as a tombstone to whoever it was shown. One hidden
   * by the posting policy is not mentioned: muting an assignment changes the fingerprint, and its sweep deletes the
   * comments a device held.
   */
  #comment(doc: WireRecord, course: CourseScope): PullDecision {
    const comment = doc.data as unknown as SubmissionCommentData;
    const assignment = { muted: course.unposted.has(comment.assignment_id) };
    if (commentShown(comment, doc.user_id, course.hidesUnposted, assignment)) return doc;
    return commentShown({ ...comment, workflow_state: 'active' }, doc.user_id, course.hidesUnposted, assignment) ? 'hidden' : 'skip';
  }

  /**
   * True when the user may see the content; otherwise what they receive instead: a tombstone for a copy they may
   * hold (published once, or a file its lock or deletion now withholds), nothing for what they never could read
   * (a draft never published, staff-only records, people outside their roster).
   */
  async #courseContent(doc: WireRecord, course: CourseScope, pull: ContentPull<Record<string, unknown>>): Promise<true | 'hidden' | 'skip'> {
    if (pull.shownTo === 'members') return true;
    if (pull.shownTo === 'roster') return isVisible({ data: doc.data as unknown as EnrollmentData }, course.roster) ? true : 'skip';
    if (pull.shownTo === 'sections') return course.sections === 'all' || course.sections.has(doc.id) ? true : 'skip';
    if (pull.shownTo === 'group_readers') return groupShown(course, pull.its, doc) ? true : 'skip';
    if (course.manages.has(pull.managers)) return true;
    switch (pull.shownTo) {
      case 'managers':
        return 'skip';
      case 'published': {
        // A topic not yet posted, or meant for other sections, is hidden as a draft is: a copy may exist only if it was published.
        const reader = { now: this.#scope.now, sectionIds: course.sectionIds };
        const shown = pull.published(doc.data) && (pull.readableBy?.(doc.data, reader) ?? true);
        const own = shown || (mayHaveBeenPublished(doc.data) ? 'hidden' : 'skip');
        if (!pull.inside || own === 'skip') return own;
        // Shown inside a container: as much as both allow (an item of a module never published was never shown).
        const container = await this.#container(pull.inside, doc.parent_id);
        return container === true ? own : container === 'skip' || own === true ? container : own;
      }
      case 'quiz_takers':
        // A deleted question of a quiz the user may take is a tombstone: their device held it.
        if (!course.openQuizzes.has(doc.parent_id)) return 'skip';
        return doc.data.workflow_state === 'deleted' ? 'hidden' : true;
      case 'file_readers':
        return this.#fileShown(doc.key, doc.data as unknown as FileData, course);
      case 'its_file_readers': {
        // The bytes travel exactly when the API would let the user download them.
        const file = await this.#file(doc.parent_id);
        return file ? this.#fileShown(file.key, file.data, course) : 'hidden';
      }
    }
  }

  /** How the container a record is shown inside (a module item's module) is shown to the user; once per pull. */
  #container(repository: 'modules', id: number): Promise<true | 'hidden' | 'skip'> {
    let found = this.#containers.get(id);
    if (!found) {
      found = this.#repos[repository].get(id).then(async (container) => {
        // A container gone from the store was removed: its contents were deleted with it.
        if (!container) return 'hidden';
        const shown = await this.#judge('course', { ...toWire(container as unknown as WireRecord), _deleted: false });
        return typeof shown === 'object' ? true : shown;
      });
      this.#containers.set(id, found);
    }
    return found;
  }

  /**
   * The API's rule for a file (files.service `shownTo`): a submission file is its student's and their graders';
   * a course file is readable unless deleted or locked (a hidden one by link, which embedded images rely on). A
   * locked file travels only when the course sends locked content ahead; the device's API then still refuses it.
   * A deleted file is a tombstone; a locked one nothing, as its lock is part of the fingerprint: locking a file the
   * device holds starts a sweep, and one locked from the start is never mentioned.
   */
  #fileShown(key: string, file: FileData, course: CourseScope): true | 'hidden' | 'skip' {
    if (file.purpose === 'submission') return seesStudent(this.#scope, course, file.user_id) ? true : 'skip';
    if (file.workflow_state !== 'available') return 'hidden';
    return courseFileReadable(file, course.offlineLocked ? undefined : lockOf(course, key)) ? true : 'skip';
  }

  #quiz(id: number): Promise<Stored<QuizData> | undefined> {
    let found = this.#quizzes.get(id);
    if (!found) this.#quizzes.set(id, (found = this.#repos.quizzes.get(id)));
    return found;
  }

  #file(id: number): Promise<Stored<FileData> | undefined> {
    let found = this.#files.get(id);
    if (!found) this.#files.set(id, (found = this.#repos.files.get(id)));
    return found;
  }
}

/** The groups API's answer for a group, a membership of one or a category (`readableGroups`). */
function groupShown(course: CourseScope, its: 'id' | 'parent' | 'category', doc: WireRecord): boolean {
  const { ids, categories } = course.groups;
  if (its === 'category') return categories;
  return ids === 'all' || ids.has(its === 'id' ? doc.id : doc.parent_id);
}

/** The rule for bookkeeping (undeclared types) in a course's content and history: the course's staff alone. */
const BOOKKEEPING = { shownTo: 'managers', managers: 'manage_content' } as const;

/** The lock the user meets on a course's content; a scope computed without locks must never judge content. */
function lockOf(course: CourseScope, key: string): ItemLock | undefined {
  if (!course.locks) throw new Error('a course pull needs its scope computed with the locks');
  return course.locks.get(key);
}

/**
 * Another user's record with only `fields`, never email or SIS ids. The login and the lookup slot (which holds it)
 * stay only `withLogin`: for a user who may enrol people, so that their device resolves `sis_login_id:` as the hub.
 */
function redactUser(doc: WireRecord, fields: readonly string[], withLogin: boolean): WireRecord {
  const data = Object.fromEntries(fields.filter((f) => f in doc.data).map((f) => [f, doc.data[f]]));
  const login = withLogin ? { lookup_key: doc.lookup_key, login_id: doc.data.login_id } : { lookup_key: '', login_id: '' };
  return { ...doc, lookup_key: login.lookup_key, data: { ...data, login_id: login.login_id, email: null, sis_user_id: null, integration_id: null } };
}
