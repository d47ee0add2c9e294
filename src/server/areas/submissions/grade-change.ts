import { InvalidError, ValidationError } from '../../domain/errors.ts';
import type { LatePolicyStatus } from '../../domain/grading/late-policy.ts';
import { parsePostedGrade, type PostedGrade } from '../../domain/grading/posted-grade.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { SubmissionCommentData, SubmissionData } from '../../domain/records/submission-records.ts';
import { clearGrade, excuse, grade, setLateStatus } from './submission-workflow.ts';

/** Canvas's grading guards answer 400 `{"error": msg}` (docs/canvas-compatibility.md §8.4), unlike its other 400s. */
export function gradingRefused(message: string): InvalidError {
  return new InvalidError(message, 'error');
}

/** What one grading request (a PUT, or one student's grade_data entry) asks for, as sent. */
export interface GradeRequest {
  posted_grade?: string | undefined;
  excuse?: boolean | undefined;
  late_policy_status?: LatePolicyStatus | null | undefined;
  seconds_late_override?: number | undefined;
  text_comment?: string | undefined;
  media_comment_id?: string | undefined;
  media_comment_type?: string | undefined;
  file_ids?: number[] | undefined;
  rubric_assessment?: unknown;
}

/** A request checked against its assignment: nothing here can fail any more when it is applied. */
export interface CheckedGrade {
  readonly posted?: PostedGrade;
  readonly excuse?: boolean;
  readonly late?: { status: LatePolicyStatus | null; override?: number };
  readonly comment?: { text: string; media_comment_id: string | null; media_comment_type: string | null; file_ids: number[] };
  /** Whether it asks for a grading right (submission[...] or rubric_assessment) rather than just commenting. */
  readonly grades: boolean;
}

/** Any submission[...] field or a rubric assessment needs the grading right (docs/canvas-compatibility.md §8.4). */
export function asksToGrade(r: GradeRequest): boolean {
  return r.posted_grade !== undefined || r.excuse !== undefined || r.late_policy_status !== undefined || r.seconds_late_override !== undefined || r.rubric_assessment !== undefined;
}

/** Validates a request; throws the 400 it deserves (docs/canvas-compatibility.md §8.3–§8.4, §0.4) before anything is written. */
export function checkGradeRequest(r: GradeRequest, assignment: AssignmentData): CheckedGrade {
  const grades = asksToGrade(r);
  if (r.excuse === true && r.posted_grade !== undefined && r.posted_grade.trim() !== '') {
    throw gradingRefused('Cannot simultaneously grade and excuse an assignment');
  }
  let posted: PostedGrade | undefined;
  if (r.posted_grade !== undefined) {
    posted = parsePostedGrade(r.posted_grade, assignment);
    if (!posted) throw ValidationError.field('posted_grade', `"${r.posted_grade}" is not a valid grade for this assignment`, 'invalid');
  }
  const text = r.text_comment?.trim() ?? '';
  const media = r.media_comment_id ?? null;
  const files = r.file_ids ?? [];
  // Canvas fills a blank comment that carries media or files with a fixed text.
  const fallback = media !== null ? 'This is a media comment.' : files.length > 0 ? 'See attached files.' : '';
  const comment = text !== '' || fallback !== ''
    ? { text: text || fallback, media_comment_id: media, media_comment_type: media === null ? null : (r.media_comment_type ?? 'video'), file_ids: files }
    : undefined;
  const late = r.late_policy_status !== undefined ? { status: r.late_policy_status, override: r.seconds_late_override } : undefined;
  return { grades, ...(posted ? { posted } : {}), ...(r.excuse !== undefined ? { excuse: r.excuse } : {}), ...(late ? { late } : {}), ...(comment ? { comment } : {}) };
}

/** The submission after a checked request: late status, then excuse, then the grade, as Canvas applies them. */
export function applyGrade(current: SubmissionData, checked: CheckedGrade, graderId: number, now: number): SubmissionData {
  let next = current;
  if (checked.late) next = setLateStatus(next, checked.late.status, checked.late.override);
  if (checked.excuse !== undefined) next = excuse(next, checked.excuse, graderId, now);
  if (checked.posted?.kind === 'clear') next = clearGrade(next);
  if (checked.posted?.kind === 'grade') next = grade(next, checked.posted.score, checked.posted.grade, graderId, now);
  return next;
}

/** The comment record of a checked request, authored by `author`. */
export function commentData(
  checked: CheckedGrade,
  submission: SubmissionData,
  author: { id: number; name: string },
): Omit<SubmissionCommentData, 'submission_id'> | undefined {
  const c = checked.comment;
  if (!c) return undefined;
  return {
    course_id: submission.course_id,
    assignment_id: submission.assignment_id,
    user_id: submission.user_id,
    author_id: author.id,
    author_name: author.name,
    comment: c.text,
    media_comment_id: c.media_comment_id,
    media_comment_type: c.media_comment_type,
    attachment_ids: c.file_ids,
    edited_at: null,
  };
}
