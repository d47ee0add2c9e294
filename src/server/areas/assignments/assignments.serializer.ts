import { attemptLimit, type AssignmentData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ASSIGNMENT_INCLUDES } from './assignments.params.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { assignmentAsSeen, assignmentLockSubject } from '../../domain/content-visibility.ts';
import { ContentLocks } from '../../domain/progression/content-locks.ts';
import { NO_SUBMISSIONS, type AssignmentSubmissionStats } from '../submissions/assignment-stats.ts';

export type AssignmentInclude = (typeof ASSIGNMENT_INCLUDES)[number];

/** What an assignment's JSON shows beyond the record, loaded once per request by the caller. */
export interface AssignmentExtras {
  readonly stats?: AssignmentSubmissionStats;
  /** The viewer's locks; without them only the assignment's own dates lock it (modules need a progression). */
  readonly locks?: ContentLocks;
  /** The caller's own submissions by assignment id, serialized, for `include[]=submission`. */
  readonly submissions?: ReadonlyMap<number, Record<string, unknown>>;
}

/** Canvas's Assignment JSON (`lib/api/v1/assignment.rb`), from an allow-list of fields. */
export function assignmentJson(
  record: Stored<AssignmentData>,
  baseUrl: string,
  viewer: ContentViewer,
  include: readonly AssignmentInclude[] = [],
  extras: AssignmentExtras = {},
): Record<string, unknown> {
  const a = record.data;
  const published = a.workflow_state === 'published';
  const stats = extras.stats ?? NO_SUBMISSIONS;
  const lock = (extras.locks ?? ContentLocks.byDates(Date.now(), viewer.canManage)).lockOf(assignmentLockSubject(record));
  const json: Record<string, unknown> = {
    id: record.id,
    name: a.name,
    description: assignmentAsSeen(a, lock).description,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    due_at: a.due_at,
    lock_at: a.lock_at,
    unlock_at: a.unlock_at,
    has_overrides: false,
    course_id: a.course_id,
    html_url: `${baseUrl}/courses/${a.course_id}/assignments/${record.id}`,
    submissions_download_url: `${baseUrl}/courses/${a.course_id}/assignments/${record.id}/submissions?zip=1`,
    assignment_group_id: a.assignment_group_id ?? null,
    due_date_required: false,
    allowed_extensions: a.allowed_extensions,
    allowed_attempts: attemptLimit(a),
    grade_group_students_individually: false,
    peer_reviews: a.peer_reviews,
    automatic_peer_reviews: a.automatic_peer_reviews,
    peer_review_count: a.peer_review_count,
    intra_group_peer_reviews: false,
    group_category_id: null,
    position: a.position,
    points_possible: a.points_possible,
    submission_types: a.submission_types,
    has_submitted_submissions: stats.has_submitted_submissions,
    grading_type: a.grading_type,
    grading_standard_id: a.grading_standard_id,
    published,
    // Canvas's `can_unpublish?`: not once a student has handed something in.
    unpublishable: !stats.has_submitted_submissions,
    only_visible_to_overrides: false,
    locked_for_user: lock !== undefined,
    omit_from_final_grade: a.omit_from_final_grade,
    moderated_grading: false,
    anonymous_grading: a.anonymous_grading ?? false,
    anonymous_submissions: false,
    post_to_sis: false,
    muted: a.muted ?? false,
    workflow_state: a.workflow_state,
    is_quiz_assignment: a.quiz_id !== null,
  };
  if (lock) Object.assign(json, lock);
  if (a.quiz_id !== null) json.quiz_id = a.quiz_id;
  if (a.discussion_topic_id !== null) json.discussion_topic_id = a.discussion_topic_id;
  // Graders see how much is waiting.
  if (viewer.canManage) json.needs_grading_count = stats.needs_grading_count;
  if (include.includes('all_dates')) {
    json.all_dates = [{ base: true, title: 'Everyone', due_at: a.due_at, unlock_at: a.unlock_at, lock_at: a.lock_at }];
  }
  if (include.includes('overrides')) json.overrides = [];
  if (include.includes('can_edit')) json.can_edit = viewer.canManage;
  const submission = include.includes('submission') ? extras.submissions?.get(record.id) : undefined;
  if (submission) json.submission = submission;
  return json;
}
