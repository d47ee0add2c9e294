import type { PlannerNoteData, PlannerOverrideData, PlannableType } from '../../domain/records/planner-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoOrNull, isoSeconds } from '../common/api-values.ts';

/**
 * Canvas's PlannerNote JSON (docs/canvas-compatibility.md §9). The spec names the text `description`, Canvas `details`: both are
 * printed, so clients of either find it.
 */
export function plannerNoteJson(note: Stored<PlannerNoteData>): Record<string, unknown> {
  const n = note.data;
  return {
    id: note.id,
    title: n.title,
    details: n.details,
    description: n.details,
    user_id: n.user_id,
    course_id: n.course_id,
    workflow_state: n.workflow_state,
    todo_date: isoOrNull(n.todo_date),
    created_at: isoSeconds(note.created_at),
    updated_at: isoSeconds(note.updated_at),
  };
}

/**
 * Canvas's PlannerOverride JSON: the plannable type as its lower-case key, and `assignment_id`, the assignment the
 * plannable is graded through (itself for an assignment; null for what is not graded).
 */
export function plannerOverrideJson(override: Stored<PlannerOverrideData>, assignmentId: number | null): Record<string, unknown> {
  const o = override.data;
  return {
    id: override.id,
    plannable_type: o.plannable_type,
    plannable_id: o.plannable_id,
    user_id: o.user_id,
    assignment_id: assignmentId,
    workflow_state: o.workflow_state,
    marked_complete: o.marked_complete,
    dismissed: o.dismissed,
    created_at: isoSeconds(override.created_at),
    updated_at: isoSeconds(override.updated_at),
    deleted_at: isoOrNull(o.deleted_at),
  };
}

/**
 * The caller's own submission, as a planner item shows it. The contract names the feedback flag `with_feedback`,
 * Canvas's code `has_feedback`: both are printed, so clients of either find it (docs/canvas-compatibility.md §0.1).
 */
export interface SubmissionStatus {
  submitted: boolean;
  excused: boolean;
  graded: boolean;
  late: boolean;
  missing: boolean;
  needs_grading: boolean;
  with_feedback: boolean;
  has_feedback: boolean;
}

/** One planner entry before serializing: what it points at, when, and how it looks. */
export interface PlannerEntry {
  readonly type: PlannableType;
  readonly id: number;
  readonly courseId: number | null;
  /** ISO time the item is planned at (due date, to-do date, posting time). */
  readonly date: string;
  readonly plannable: Record<string, unknown>;
  readonly htmlUrl: string;
  /** Only for items backed by an assignment. */
  readonly submission?: SubmissionStatus;
  readonly newActivity: boolean;
}

/** The assignment a planner entry is graded through: the entry itself, or the one its plannable names. */
function entryAssignmentId(entry: PlannerEntry): number | null {
  if (entry.type === 'assignment') return entry.id;
  const named = entry.plannable.assignment_id;
  return entry.type !== 'assessment_request' && typeof named === 'number' ? named : null;
}

/**
 * Canvas's planner item (`lib/api/v1/planner_item.rb`); `plannable_id` is a string, as the spec states.
 * `courseNames` gives `context_name`.
 */
export function plannerItemJson(entry: PlannerEntry, override: Stored<PlannerOverrideData> | undefined, courseNames: ReadonlyMap<number, string>): Record<string, unknown> {
  return {
    // A note without a course has no context fields (docs/canvas-compatibility.md §9).
    ...(entry.courseId === null ? {} : { context_type: 'Course', course_id: entry.courseId, context_name: courseNames.get(entry.courseId) ?? null }),
    plannable_id: String(entry.id),
    plannable_date: isoOrNull(entry.date),
    visible_in_planner: true,
    planner_override: override ? plannerOverrideJson(override, entryAssignmentId(entry)) : null,
    new_activity: entry.newActivity,
    submissions: entry.submission ?? false,
    plannable_type: entry.type,
    plannable: entry.plannable,
    html_url: entry.htmlUrl,
  };
}
