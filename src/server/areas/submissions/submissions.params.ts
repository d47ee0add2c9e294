import { z } from 'zod';
import {
  canvasBoolean,
  canvasDate,
  canvasEnum,
  canvasId,
  canvasInclude,
  canvasInteger,
  canvasList,
  canvasString,
  indexedValues,
  paginationParams,
} from '../../http/params/canvas-params.ts';
import { htmlParam } from '../common/shared-params.ts';
import { createFileParams } from '../files/files.params.ts';

export const SUBMISSION_INCLUDES = [
  'submission_history', 'submission_comments', 'rubric_assessment', 'assignment', 'visibility', 'course', 'user', 'group', 'read_status', 'user_summary',
] as const;
export type SubmissionInclude = (typeof SUBMISSION_INCLUDES)[number];

/** Either path prefix: `:course_id` or `:section_id`, raw (plain or sis ids), resolved by the scope. */
const scope = {
  course_id: z.string().optional().meta({ description: 'Course id or sis_course_id:<value>.' }),
  section_id: z.string().optional().meta({ description: 'Section id or sis_section_id:<value>.' }),
};
const userIdParam = z.string().meta({ description: 'The student’s user id (or sis_user_id:<value>, or self).' });

/** `include[]=visibility`, and the `include[visibility]` spelling the PUT documents (the hash's keys). */
const includesOf = <const TValues extends readonly [string, ...string[]]>(values: TValues) =>
  z
    .preprocess((sent) => {
      const listed = indexedValues(sent);
      return listed !== null && typeof listed === 'object' && !Array.isArray(listed) ? Object.keys(listed) : listed;
    }, canvasInclude(values))
    .meta({ description: `Any of: ${values.join(', ')}.` });
const includes = includesOf(SUBMISSION_INCLUDES);

/** A parameter of another submission type is ignored (docs/canvas-compatibility.md §0.1), so a malformed one must not fail the request. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const mediaId = () => canvasString(z.string().trim().min(1).max(255));
const commentText = () => canvasString(z.string().max(65_536, { message: 'is too long (maximum is 65536 characters)' }));

export const submitParams = z.object({
  ...scope,
  assignment_id: canvasId(),
  comment: z.object({ text_comment: commentText().optional() }).optional(),
  // Checked by the service against the assignment, so a wrong or missing type gets Canvas's own 400 message.
  submission: z
    .object({
      submission_type: lenient(canvasString(z.string().trim().max(50))),
      body: lenient(htmlParam()),
      url: lenient(canvasString(z.string().trim().max(2048))),
      file_ids: lenient(canvasList(canvasId())),
      media_comment_id: lenient(mediaId()),
      media_comment_type: lenient(canvasString(z.string().trim().max(50))),
    })
    .default({}),
});
export type SubmitParams = z.output<typeof submitParams>;

export const listSubmissionsParams = z.object({
  ...scope,
  assignment_id: canvasId(),
  include: includes,
  grouped: canvasBoolean().optional(),
  ...paginationParams,
});

export const showSubmissionParams = z.object({ ...scope, assignment_id: canvasId(), user_id: userIdParam, include: includes });

export const LATE_STATUSES = ['late', 'missing', 'none'] as const;

export const gradeFields = {
  posted_grade: z.union([canvasString(z.string().max(255)), z.null().transform(() => '')]).optional(),
  excuse: canvasBoolean().optional(),
  late_policy_status: z
    .preprocess((sent) => (sent === null ? '' : sent), canvasEnum([...LATE_STATUSES, 'null', '']))
    .transform((v) => (v === '' || v === 'null' ? null : v))
    .optional(),
  // Ten years is far beyond any real lateness, and keeps the value a safe integer.
  seconds_late_override: canvasInteger({ min: 0, max: 315_360_000 }).optional(),
};

export const commentFields = {
  text_comment: commentText().optional(),
  group_comment: canvasBoolean().optional(),
  media_comment_id: mediaId().optional(),
  media_comment_type: canvasString(z.string().trim().max(50)).optional(),
  file_ids: canvasList(canvasId()).optional(),
};

export const gradeSubmissionParams = z.object({
  ...scope,
  assignment_id: canvasId(),
  user_id: userIdParam,
  comment: z.object(commentFields).optional(),
  submission: z.object(gradeFields).optional(),
  // Outpost has no rubrics: an assessment is accepted as a grading request and otherwise ignored.
  rubric_assessment: z.unknown().optional(),
  include: includes,
});
export type GradeSubmissionParams = z.output<typeof gradeSubmissionParams>;

/** The direct upload of course files (decision 0004), addressed to a student's submission. */
export const submissionFilesParams = createFileParams.extend({ ...scope, assignment_id: canvasId(), user_id: userIdParam });

export const readParams = z.object({ ...scope, assignment_id: canvasId(), user_id: userIdParam });

export const commentIdParams = z.object({ ...scope, assignment_id: canvasId(), user_id: userIdParam, id: canvasId() });
export type CommentIdParams = z.output<typeof commentIdParams>;
/** Canvas's edit takes the new text as a bare `comment`. */
export const editCommentParams = commentIdParams.extend({ comment: commentText().pipe(z.string().trim().min(1, { message: "can't be blank" })) });
export const assignmentScopedParams = z.object({ ...scope, assignment_id: canvasId(), ...paginationParams });

export const multiGradeableParams = z.object({
  course_id: z.string(),
  assignment_ids: canvasList(canvasId()).optional(),
  ...paginationParams,
});

/** One student's entry of `grade_data` (bulk grading). */
export const gradeDataEntry = z.object({
  ...gradeFields,
  ...commentFields,
  rubric_assessment: z.unknown().optional(),
  assignment_id: canvasId().optional(),
});
export type GradeDataEntry = z.output<typeof gradeDataEntry>;

/** One student's entry of a bulk grading call, with the assignment it grades when the call names one. */
export interface BulkGradeRequest {
  readonly assignmentId: number | undefined;
  /** The student as sent: an id or a sis form, resolved like a `:user_id`. */
  readonly student: string;
  readonly entry: GradeDataEntry;
}

/** `grade_data[<student_id>][…]`: keys are not checked here, so an unknown one fails the job by name (Canvas). */
const byStudent = z.record(z.string().max(300), gradeDataEntry);
/** Canvas's course-level form, `grade_data[<assignment_id>][<student_id>][…]`. */
const byAssignment = z.record(z.string(), z.record(z.string(), gradeDataEntry));

const isHash = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const ASSIGNMENT_KEY = /^\d{1,16}$/;
/** A student key: an id or a sis form, never a field name like `posted_grade`. */
const STUDENT_KEY = /^(\d{1,19}|sis_[a-z_]+:.{1,255})$/s;

/** Ids all the way down (`grade_data[<assignment_id>][<student_id>]`), where a student entry has field names. */
function keyedByAssignment(sent: unknown): boolean {
  if (!isHash(sent)) return false;
  return Object.entries(sent).every(([key, students]) => {
    if (!ASSIGNMENT_KEY.test(key) || !isHash(students)) return false;
    const keys = Object.keys(students);
    return keys.length > 0 && keys.every((student) => STUDENT_KEY.test(student));
  });
}

/**
 * `grade_data` in either form, as a list of student entries. Anything but a hash counts as missing, as Canvas
 * answers it ("'grade_data' parameter required").
 */
const gradeData = z.preprocess(
  (sent) => (isHash(sent) ? sent : undefined),
  z
    .union([
      z.custom(keyedByAssignment).pipe(byAssignment).transform((assignments) => ({
        keyedBy: 'assignment' as const,
        requests: Object.entries(assignments).flatMap(([assignmentId, students]) =>
          Object.entries(students).map(([student, entry]): BulkGradeRequest => ({ assignmentId: Number(assignmentId), student, entry })),
        ),
      })),
      byStudent.transform((students) => ({
        keyedBy: 'student' as const,
        requests: Object.entries(students).map(([student, entry]): BulkGradeRequest => ({ assignmentId: entry.assignment_id, student, entry })),
      })),
    ])
    .optional(),
);

export const updateGradesParams = z.object({
  ...scope,
  assignment_id: canvasId().optional(),
  grade_data: gradeData,
});
export type UpdateGradesParams = z.output<typeof updateGradesParams>;

export const studentSubmissionsParams = z.object({
  ...scope,
  student_ids: canvasList(canvasString(z.string().max(300))).optional(),
  assignment_ids: canvasList(canvasId()).optional(),
  grouped: canvasBoolean().optional(),
  workflow_state: canvasEnum(['submitted', 'unsubmitted', 'graded', 'pending_review']).optional(),
  order: canvasEnum(['id', 'graded_at']).default('id'),
  order_direction: canvasEnum(['ascending', 'descending']).default('ascending'),
  // Incremental sync tools ask for what changed since their last run; an unreadable date is a 400, never "everything".
  submitted_since: canvasDate().optional(),
  graded_since: canvasDate().optional(),
  enrollment_state: canvasEnum(['active', 'concluded']).optional(),
  state_based_on_date: canvasBoolean().default(true),
  post_to_sis: canvasBoolean().optional(),
  // `total_scores` is about the student, not a submission: it adds the totals to grouped entries only.
  include: includesOf([...SUBMISSION_INCLUDES, 'total_scores']),
  response_fields: canvasList(canvasString(z.string().max(100)))
    .optional()
    .meta({ description: 'Only these fields of each submission (its JSON names, included ones too); unknown names are ignored.' }),
  ...paginationParams,
});
export type StudentSubmissionsParams = z.output<typeof studentSubmissionsParams>;

/** The path prefix of every submission path, for areas nested under submissions (peer reviews). */
export { scope as scopeParams };
