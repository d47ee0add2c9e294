/**
 * A user's personal planner (docs/canvas-compatibility.md §9): notes and per-item overrides. Both belong to one user, so they live in
 * `course_user` under that user (docs/architecture.md §4.2) and reach only that user's devices.
 */

/** What a planner item or override points at, by Canvas's lower-case keys. */
export const PLANNABLE_TYPES = ['announcement', 'assignment', 'discussion_topic', 'quiz', 'wiki_page', 'planner_note', 'assessment_request'] as const;
export type PlannableType = (typeof PLANNABLE_TYPES)[number];

export interface PlannerNoteData {
  user_id: number;
  /** The course the note is about, or null for a personal note. */
  course_id: number | null;
  title: string;
  details: string | null;
  /** ISO 8601 UTC: when the note shows on the planner. */
  todo_date: string;
  /** A delete is soft, so sync sees it. */
  workflow_state: 'active' | 'deleted';
}

export interface PlannerOverrideData {
  user_id: number;
  plannable_type: PlannableType;
  plannable_id: number;
  marked_complete: boolean;
  dismissed: boolean;
  /** A delete is soft (`deleted_at` set); creating the override again revives it. */
  workflow_state: 'active' | 'deleted';
  deleted_at: string | null;
}

/** The lookup slot of a user's override of one plannable: at most one per user and plannable. */
export const plannerOverrideKey = (userId: number, type: PlannableType, plannableId: number): string =>
  `planner_override:${userId}:${type}:${plannableId}`;
