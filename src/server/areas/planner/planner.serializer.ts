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

/** Canvas's PlannerOverride JSON: the plannable type as its lower-case key. */
export function plannerOverrideJson(override: Stored<PlannerOverrideData>): Record<string, unknown> {
  const o = override.data;
  return {
    id: override.id,
    plannable_type: o.plannable_type,
    plannable_id: o.plannable_id,
    user_id: o.user_id,
    workflow_state: o.workflow_state,
    marked_complete: o.marked_complete,
    dismissed: o.dismissed,
    created_at: isoSeconds(override.created_at),
    updated_at: isoSeconds(override.updated_at),
    deleted_at: isoOrNull(o.deleted_at),
  };
}

/** The caller's own submission, as a planner item shows it (spec: `with_feedback`; Canvas's code adds `submitted`). */
export interface SubmissionStatus {
  submitted: boolean;
  excused: boolean;
  graded: boolean;
  late: boolean;
  missing: boolean;
  needs_grading: boolean;
  with_feedback: boolean;
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

/** Canvas's planner item (`lib/api/v1/planner_item.rb`); `plannable_id` is a string, as the spec states. */
export function plannerItemJson(entry: PlannerEntry, override: Stored<PlannerOverrideData> | undefined): Record<string, unknown> {
  return {
    // A note without a course has no context fields (docs/canvas-compatibility.md §9).
    ...(entry.courseId === null ? {} : { context_type: 'Course', course_id: entry.courseId }),
    plannable_id: String(entry.id),
    plannable_date: isoOrNull(entry.date),
    visible_in_planner: true,
    planner_override: override ? plannerOverrideJson(override) : null,
    new_activity: entry.newActivity,
    submissions: entry.submission ?? false,
    plannable_type: entry.type,
    plannable: entry.plannable,
    html_url: entry.htmlUrl,
  };
}
