import type { PermissionName } from '../permissions/index.ts';
import type { WebhookEventType } from '../records/webhook-records.ts';
import type { SlotsOf } from '../repository.ts';
import type { TopicReader } from '../topic-visibility.ts';

/**
 * Everything the server needs to know about one record type, in one object: where it is stored and how it is found
 * (repositories), who may hold a copy of it on a device (sync pull), which of its fields change together (conflicts
 * on replay) and which webhook events it produces. Every part is required, so a type cannot be added for one
 * consumer and forgotten by another; the table of all of them is `declarations/index.ts`.
 */
export type RecordDeclaration<TData extends object> = Placement<TData> & {
  /** The storage type name: the key prefix (`wiki_page:3`) and what the change log, sync and webhooks see. */
  readonly type: string;
  /** How the data fills the shared index slots (course/user/parent ids, sort and lookup keys). */
  readonly slots: SlotsOf<TData>;
  /** Whose sync scope a change of this type can alter (`sync/sync-scope.ts` reads exactly the types not marked `none`). */
  readonly scopes: ScopeFeed;
  /** Which fields a replayed write compares as one (decision 0045); `FIELD_BY_FIELD` when each stands alone. */
  readonly conflicts: ConflictPolicy;
  /** The live events the webhook deriver makes of this type's changes; empty when it makes none. */
  readonly webhooks: readonly WebhookEventType[];
};

/**
 * The collection (sync partition) and the pull rule that fits it: the collection decides what a rule can look at
 * (a course-user record has a student, a directory record an account or owner), so each names its own kind.
 */
type Placement<TData> =
  | { readonly collection: 'local'; readonly pull: 'never' }
  | { readonly collection: 'directory'; readonly pull: DirectoryPull }
  | {
      readonly collection: 'course';
      readonly pull: ContentPull<TData>;
      /**
       * A removed record (`workflow_state: 'deleted'`, kept so sync replicates the removal): REST shows it to no one,
       * so whoever may have held it receives a bare tombstone and everyone else nothing.
       */
      readonly removed?: (data: TData) => boolean;
    }
  | { readonly collection: 'course_user'; readonly pull: CourseWorkPull }
  | { readonly collection: 'history'; readonly pull: HistoryPull };

/** Directory records: who holds one is decided by the user's accounts, courses and identity. */
export type DirectoryPull =
  /** The account itself, when it is on the chain of one of the user's courses. */
  | 'account'
  /** Belongs to such an account (its `parent_id`): roles and role overrides, which the device's permission checks read. */
  | 'account_part'
  /**
   * A user: the device's own user in full, people sharing a course with public fields only. A user who may enrol
   * people also holds the login (`login_id` and its lookup slot) of every user of their accounts, with the names
   * that show the enrolment: what the enrollments POST, which names people by login, would tell them anyway.
   */
  | 'person'
  /** Only the user it belongs to (`user_id`). */
  | 'owner'
  /** A poll the poll API shows the user: their own, or one with a session for them or in a course whose content they manage. */
  | 'poll'
  /** A choice of such a poll (`parent_id`), its `is_correct` withheld (false) until the poll API shows it to the user. */
  | 'poll_choice'
  /** A conversation: to the users taking part in it (the scope's `conversations`). */
  | 'conversation'
  /** A message of such a conversation (`parent_id`). */
  | 'conversation_part'
  /** Not sent to devices. */
  | 'nobody';

/**
 * Course content: every rule starts with the course being in the user's scope. `managers` is the permission the
 * REST area asks before it shows drafts and ignores locks, so a device's user sees over sync what the API shows.
 */
export type ContentPull<TData> =
  /** Every member of the course sees it (groups, module settings). */
  | { readonly shownTo: 'members' }
  /** A section: those the sections API lists to the user (`shownSections`: their roster's and their own). */
  | { readonly shownTo: 'sections' }
  /**
   * Groups (`readableGroups`): a group (`its: 'id'`) or a membership of one (`its: 'parent'`) to the group's accepted
   * members and whoever reads every group; a category (`its: 'category'`) to those who manage groups.
   */
  | { readonly shownTo: 'group_readers'; readonly its: 'id' | 'parent' | 'category' }
  /** An enrollment: shown as the enrollments API lists it to the user (`domain/roster-visibility.ts`; an observer sees their own and their students'). */
  | { readonly shownTo: 'roster' }
  /** Only its managers hold it; the API answers others from the hub alone (or not at all). */
  | { readonly shownTo: 'managers'; readonly managers: ContentManager }
  /** Managers see every copy; others the published ones, without what a lock withholds while locked. */
  | {
      readonly shownTo: 'published';
      readonly managers: ContentManager;
      /** The record's own state: published (a draft's readers never held it, see `publication-marker.ts`). */
      readonly published: (data: TData) => boolean;
      /** Beyond being published, whether this reader sees it now: a topic once posted and meant for their section. */
      readonly readableBy?: (data: TData, reader: ContentReader) => boolean;
      /** What a copy keeps while the content is locked for the user (`domain/locked-content.ts`, as REST shows it). */
      readonly whenLocked?: (data: TData) => TData;
      /** Shown only inside a container the user is shown (`parent_id`): a module item, inside its module. */
      readonly inside?: 'modules';
    }
  /**
   * A quiz's questions and groups (`parent_id`: the quiz): its managers every one; any other reader of the course the
   * taker's copy (`forTakers`) of those of the quizzes they may start now (published and unlocked: the scope's
   * `openQuizzes`), which an attempt on their device draws from, and nothing of the others (decision 0120).
   */
  | { readonly shownTo: 'quiz_takers'; readonly managers: ContentManager; readonly forTakers: (data: TData) => object }
  /** A file: managers every one; others what the files API would let them read (its own rule, see pull-visibility). */
  | { readonly shownTo: 'file_readers'; readonly managers: ContentManager }
  /** A file's bytes: exactly when its file record travels. */
  | { readonly shownTo: 'its_file_readers'; readonly managers: ContentManager };

/** What a `published` rule may ask about the reader beyond the course: the time and their sections. */
export type ContentReader = TopicReader;

/** Course-user records are one user's (`user_id`): who besides them may hold a copy. */
export type CourseWorkPull =
  /** Whoever sees that student's course work: the student, their graders, observers of them. */
  | 'course_work'
  /**
   * A submission or a version of it: as course work, its grade withheld (`withoutUnpostedGrade`) from a reader of
   * posted grades while its assignment's grades are unposted, as the submissions API withholds it.
   */
  | 'graded_work'
  /**
   * A submission comment: as course work while the submissions API shows it (`commentShown`): never once deleted,
   * and before posting only the student's own to a reader of posted grades.
   */
  | 'work_comments'
  /** Graders who see that student, never the student (notes, stored totals with unposted grades). */
  | 'graders'
  /** Who may view every grade (view_all_grades) and sees that student, never the student: what the live assessments API shows. */
  | 'grade_viewers'
  /** A peer review, as the peer reviews API lists it (`peerReviewShown`): to graders, and to the student reviewed. */
  | 'peer_reviews'
  /**
   * A quiz submission: graders who see that student in full but its token; its owner as the quiz submissions API
   * shows it to them (`takerSubmission`: no scores or results while `hide_results` withholds them).
   */
  | 'quiz_attempts'
  /** The owner alone (planner, notification settings, read state). */
  | 'owner'
  /** A poll answer: as course work, and to everyone taking part in its session (`parent_id`) once its results are public. */
  | 'poll_answers';

/** History records (page revisions): managers of the content, and the user who wrote one. */
export interface HistoryPull {
  readonly managers: ContentManager;
}

/**
 * What a committed change of the type does to the sync scopes the hub keeps for the users listening on event
 * streams (docs/decisions/0089): a scope is kept between bursts of changes until one of its records changes.
 */
export type ScopeFeed =
  /** No scope reads it. */
  | 'none'
  /** Read for the user it belongs to (`user_id`) alone: their progressions, poll answers, polls, account roles. */
  | 'its_user'
  /** Read for every member of its course (`course_id`) and for its user: enrollments, the course, modules, poll sessions. */
  | 'its_course'
  /**
   * Lockable content (pages, assignments, files): only its own lock can change (its dates, its file lock), judged
   * again for each member against the locks they already meet; the rest of the scope stays.
   */
  | 'its_lock'
  /** Read along every account chain (accounts, roles, overrides): every scope. */
  | 'everyone';

/** The permissions REST areas ask before they show drafts or staff-only records, one per kind of content. */
export const CONTENT_MANAGERS = ['manage_content', 'manage_assignments', 'moderate_forum', 'manage_wiki', 'manage_files', 'manage_grades', 'view_all_grades'] as const satisfies readonly PermissionName[];
export type ContentManager = (typeof CONTENT_MANAGERS)[number];

export interface ConflictPolicy {
  /** Fields that change together: a write to one of them is a write to the group. */
  readonly groups: readonly (readonly string[])[];
  /** Fields that follow from the others (a submission's state, a page's revision number): never a conflict. */
  readonly derived: readonly string[];
}

/** Every field is its own group: two writes conflict only when they change the same field. */
export const FIELD_BY_FIELD: ConflictPolicy = { groups: [], derived: [] };

/** Carries a declaration's data type, so the table can hand out repositories of the right type. */
declare const dataType: unique symbol;
export interface DataTyped<TData> {
  readonly [dataType]?: TData;
}

/**
 * Declares a record type (`declareRecord<WikiPageData>()({ ... })`): checks the declaration is complete and keeps
 * its literal parts (the type name, the webhook events) for the table's type checks.
 */
export function declareRecord<TData extends object>() {
  return <const D extends RecordDeclaration<TData>>(declaration: D): D & DataTyped<TData> => declaration;
}
