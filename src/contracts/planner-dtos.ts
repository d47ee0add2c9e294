import type { IsoDateTime } from './lms-dtos.ts';

/** `GET /api/v1/planner/overrides/:id` and the `planner_override` of an item: the caller's own mark on a plannable. */
export interface PlannerOverride {
  id: number;
  plannable_type: string;
  plannable_id: number;
  marked_complete: boolean;
  dismissed: boolean;
}

/** `GET /api/v1/planner/items`: one thing to do, with its date and the caller's override. */
export interface PlannerItem {
  course_id?: number;
  context_name?: string | null;
  /** A string, as Canvas prints it. */
  plannable_id: string;
  plannable_type: string;
  plannable_date: IsoDateTime | null;
  plannable: { id: number; title?: string; due_at?: IsoDateTime | null; todo_date?: IsoDateTime | null };
  planner_override: PlannerOverride | null;
  html_url: string;
  submissions: false | { submitted: boolean; graded: boolean; late: boolean; missing: boolean; excused: boolean };
}

/** `POST|PUT /api/v1/planner_notes[/:id]`: a note of the caller's own on their planner. */
export interface PlannerNote {
  id: number;
  title: string;
  todo_date: IsoDateTime | null;
  course_id: number | null;
}
