import type { AssignmentData, FileData } from '../../domain/records/content-records.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { UserData } from '../../domain/records/directory-records.ts';
import { isUnposted, postedAt, withoutUnpostedGrade } from '../../domain/grading/posting-policy.ts';
import type { SubmissionCommentData, SubmissionData, SubmissionVersionData } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { assignmentJson } from '../assignments/assignments.serializer.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { fileDownloadUrl, fileJson } from '../files/files.serializer.ts';
import type { SubmissionInclude } from './submissions.params.ts';
import { computed } from './submission-workflow.ts';
import { mediaFileId } from './media-recordings.ts';

/** Everything a submission's JSON may show, loaded once per request by `SubmissionReader`. */
export interface SubmissionView {
  readonly record: Stored<SubmissionData>;
  readonly assignment: Stored<AssignmentData>;
  readonly comments: readonly Stored<SubmissionCommentData>[];
  readonly versions: readonly Stored<SubmissionVersionData>[];
  readonly read: boolean;
}

export interface SerializeContext {
  readonly baseUrl: string;
  readonly now: number;
  readonly viewer: ContentViewer;
  readonly include: readonly SubmissionInclude[];
  readonly users: ReadonlyMap<number, Stored<UserData>>;
  readonly files: ReadonlyMap<number, Stored<FileData>>;
  readonly course?: Stored<CourseData>;
  /** The viewer may not see grades that are not posted yet (a student or observer, not a grader). */
  readonly hidesUnposted: boolean;
  /**
   * Canvas's `response_fields[]`: each submission keeps only the named fields (its own or included ones); a name it
   * does not have is ignored. Without it the JSON is whole.
   */
  readonly fields?: ReadonlySet<string>;
}

const AVATAR = '/images/messages/avatar-50.png';

/** Canvas's Submission JSON (`lib/api/v1/submission.rb`), from an allow-list; `id` is kept (docs/canvas-compatibility.md §0.3). */
export function submissionJson(view: SubmissionView, ctx: SerializeContext, always: readonly SubmissionInclude[] = []): Record<string, unknown> {
  const include = new Set([...ctx.include, ...always]);
  const json = coreJson(view.record, view.assignment, ctx, ctx.fields);
  const put = (field: string, value: () => unknown) => {
    if (!ctx.fields || ctx.fields.has(field)) json[field] = value();
  };
  if (include.has('submission_comments')) put('submission_comments', () => view.comments.map((c) => commentJson(c, ctx)));
  if (include.has('submission_history')) {
    put('submission_history', () => {
      // One entry per attempt (Canvas: per distinct submitted_at, which our second-precision times could merge),
      // oldest first, each as last graded; a never-submitted one shows itself. `response_fields[]` cuts the
      // submission, not the attempts it lists.
      const seen = new Map<number, Stored<SubmissionVersionData>>();
      for (const v of view.versions) if (v.data.attempt !== null) seen.set(v.data.attempt, v);
      const history = [...seen.values()].map((v) => coreJson({ ...v, id: view.record.id, data: v.data }, view.assignment, ctx));
      return history.length > 0 ? history : [coreJson(view.record, view.assignment, ctx)];
    });
  }
  if (include.has('assignment')) put('assignment', () => assignmentJson(view.assignment, ctx.baseUrl, ctx.viewer));
  if (include.has('course') && ctx.course) put('course', () => courseJson(ctx.course!));
  if (include.has('user')) put('user', () => userJson(ctx.users.get(view.record.data.user_id), view.record.data.user_id));
  // Canvas's lighter form of the student, which replaces `user` when both are asked for.
  if (include.has('user_summary')) put('user', () => userDisplayJson(ctx.users.get(view.record.data.user_id), view.record.data.user_id, view.record.data.course_id, ctx.baseUrl));
  if (include.has('visibility')) put('assignment_visible', () => true);
  if (include.has('group')) {
    // Outpost has no group assignments yet, so no submission belongs to a group.
    put('group', () => ({ id: null, name: null }));
    put('group_id', () => null);
    put('group_name', () => null);
  }
  if (include.has('read_status')) put('read_status', () => (view.read ? 'read' : 'unread'));
  // `rubric_assessment`: Canvas adds it only for a submission that has one, and Outpost keeps no rubric assessments.
  return json;
}

/** What a field of a submission's own JSON is made from; `tardiness` and `page` are worked out once, when first asked. */
interface CoreSource {
  readonly record: Stored<SubmissionData>;
  readonly s: SubmissionData;
  readonly assignment: Stored<AssignmentData>;
  tardiness(): ReturnType<typeof computed>;
  page(): string;
}

/**
 * Each field of a submission's own JSON, in Canvas's order. Canvas's `response_fields[]` names the ones a client
 * wants: only those are worked out, so a gradebook reading 50,000 submissions for eight fields does not build
 * the URLs and copies of the rest (without the parameter every field is built).
 */
const CORE_FIELDS = {
  id: (c) => c.record.id,
  user_id: (c) => c.s.user_id,
  assignment_id: (c) => c.s.assignment_id,
  course_id: (c) => c.s.course_id,
  url: (c) => c.s.url,
  body: (c) => c.s.body,
  score: (c) => c.s.score,
  grade: (c) => c.s.grade,
  excused: (c) => c.s.excused,
  attempt: (c) => c.s.attempt,
  submission_type: (c) => c.s.submission_type,
  submitted_at: (c) => c.s.submitted_at,
  // Outpost extension (docs/canvas-compatibility.md): when an attempt made offline reached the server.
  received_at: (c) => c.s.received_at ?? null,
  graded_at: (c) => c.s.graded_at,
  // Canvas prints true unless the flag is exactly false.
  grade_matches_current_submission: (c) => c.s.grade_matches_current_submission !== false,
  grader_id: (c) => c.s.grader_id,
  workflow_state: (c) => c.s.workflow_state,
  late_policy_status: (c) => c.s.late_policy_status,
  points_deducted: (c) => c.s.points_deducted,
  // Outpost has no grading periods: every submission is in the one period there is.
  grading_period_id: () => null,
  cached_due_date: (c) => c.assignment.data.due_at,
  // No per-student extra attempts (only the assignment's `allowed_attempts`), nor "redo" requests.
  extra_attempts: () => null,
  // From the stored record, not the redacted copy: whether the grade is posted does not depend on who asks.
  posted_at: (c) => postedAt(c.record.data, c.assignment.data),
  redo_request: () => false,
  late: (c) => c.tardiness().late,
  missing: (c) => c.tardiness().missing,
  seconds_late: (c) => c.tardiness().seconds_late,
  entered_score: (c) => c.tardiness().entered_score,
  entered_grade: (c) => c.tardiness().entered_grade,
  html_url: (c) => c.page(),
  preview_url: (c) => `${c.page()}?preview=1&version=${c.s.attempt ?? 0}`,
} as const satisfies Record<string, (c: CoreSource) => unknown>;

/** Every field of a submission's own JSON: those above, and the files and recording it has. */
const EVERY_OWN_FIELD: ReadonlySet<string> = new Set([...Object.keys(CORE_FIELDS), 'attachments', 'media_comment']);

function isCoreField(field: string): field is keyof typeof CORE_FIELDS {
  return Object.hasOwn(CORE_FIELDS, field);
}

function coreJson(record: Stored<SubmissionData>, assignment: Stored<AssignmentData>, ctx: SerializeContext, fields: ReadonlySet<string> = EVERY_OWN_FIELD): Record<string, unknown> {
  // The posting policy's one redaction, which the sync pull applies too: the entered score and grade follow.
  const s = ctx.hidesUnposted && isUnposted(assignment.data) ? withoutUnpostedGrade(record.data) : record.data;
  let tardiness: ReturnType<typeof computed> | undefined;
  let page: string | undefined;
  const source: CoreSource = {
    record,
    s,
    assignment,
    tardiness: () => (tardiness ??= computed(s, assignment.data, ctx.now)),
    page: () => (page ??= `${ctx.baseUrl}/courses/${s.course_id}/assignments/${s.assignment_id}/submissions/${s.user_id}`),
  };
  const json: Record<string, unknown> = {};
  for (const field of fields) if (isCoreField(field)) json[field] = CORE_FIELDS[field](source);
  if (s.attachment_ids.length > 0 && fields.has('attachments')) {
    // A submission's files are shown to whoever may see the submission: course-file visibility does not apply.
    const asEditor: ContentViewer = { ...ctx.viewer, canManage: true };
    json.attachments = s.attachment_ids.flatMap((id) => {
      const file = ctx.files.get(id);
      return file ? [fileJson(file, ctx.baseUrl, asEditor)] : [];
    });
  }
  if (s.media_comment_id !== null && fields.has('media_comment')) json.media_comment = recordingJson(s.media_comment_id, s.media_comment_type, ctx);
  return json;
}

export function commentJson(record: Stored<SubmissionCommentData>, ctx: Pick<SerializeContext, 'baseUrl' | 'viewer' | 'users' | 'files'>): Record<string, unknown> {
  const c = record.data;
  const json: Record<string, unknown> = {
    id: record.id,
    author_id: c.author_id,
    author_name: c.author_name,
    comment: c.comment,
    created_at: isoSeconds(record.created_at),
    edited_at: c.edited_at,
    // The attempt the comment was made on; comments stored before the field existed have none.
    attempt: c.attempt ?? null,
    media_comment: c.media_comment_id === null ? null : mediaJson(c.media_comment_id, c.media_comment_type, ctx.baseUrl),
    author: userDisplayJson(ctx.users.get(c.author_id), c.author_id, c.course_id, ctx.baseUrl),
  };
  if (c.attachment_ids.length > 0) {
    const asEditor: ContentViewer = { ...ctx.viewer, canManage: true };
    json.attachments = c.attachment_ids.flatMap((id) => {
      const file = ctx.files.get(id);
      return file ? [fileJson(file, ctx.baseUrl, asEditor)] : [];
    });
  }
  return json;
}

/** UserDisplay (spec): what comment authors and gradeable-student lists show. */
export function userDisplayJson(user: Stored<UserData> | undefined, id: number, courseId: number, baseUrl: string): Record<string, unknown> {
  return {
    id,
    display_name: user?.data.short_name ?? '',
    avatar_image_url: `${baseUrl}${AVATAR}`,
    html_url: `${baseUrl}/courses/${courseId}/users/${id}`,
  };
}

/**
 * A submitted recording is one of the student's files (decision 0076): the MediaComment names its type and plays
 * from its download URL, which lets in whoever may see the submission.
 */
function recordingJson(mediaId: string, mediaType: string | null, ctx: Pick<SerializeContext, 'baseUrl' | 'files'>): Record<string, unknown> {
  const fileId = mediaFileId(mediaId);
  const file = fileId === undefined ? undefined : ctx.files.get(fileId);
  const json = mediaJson(mediaId, mediaType, ctx.baseUrl);
  return file ? { ...json, 'content-type': file.data.content_type, display_name: file.data.display_name, url: fileDownloadUrl(file, ctx.baseUrl) } : json;
}

/** Media Outpost does not hold (a comment's media, from a Canvas client): Canvas's shape and media URL. */
function mediaJson(mediaId: string, mediaType: string | null, baseUrl: string): Record<string, unknown> {
  const type = mediaType === 'audio' ? 'audio' : 'video';
  return {
    'content-type': `${type}/mp4`,
    display_name: null,
    media_id: mediaId,
    media_type: type,
    url: `${baseUrl}/users/self/media_download?entryId=${encodeURIComponent(mediaId)}&media_type=${type}&redirect=1`,
  };
}

function userJson(user: Stored<UserData> | undefined, id: number): Record<string, unknown> {
  return { id, name: user?.data.name ?? '', sortable_name: user?.data.sortable_name ?? '', short_name: user?.data.short_name ?? '' };
}

function courseJson(course: Stored<CourseData>): Record<string, unknown> {
  const c = course.data;
  return { id: course.id, name: c.name, course_code: c.course_code, workflow_state: c.workflow_state, account_id: c.account_id, start_at: c.start_at, end_at: c.end_at, time_zone: c.time_zone };
}
