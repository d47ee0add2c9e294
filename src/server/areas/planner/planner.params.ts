import { z } from 'zod';
import { canvasBoolean, canvasDate, canvasEnum, canvasId, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

/** Dates are read by `planner-dates.ts`, which answers Canvas's own 400 for a bad one. */
const dateParam = () => canvasString(z.string().max(64)).optional().meta({ description: 'yyyy-mm-dd or ISO 8601 YYYY-MM-DDTHH:MM:SSZ.' });
const contextCodes = () =>
  canvasList(canvasString(z.string().max(64))).optional().meta({ description: 'course_<id> or user_<id>; default all of the caller’s contexts.' });

export const PLANNER_FILTERS = ['new_activity', 'ungraded_todo_items', 'all_ungraded_todo_items', 'incomplete_items', 'complete_items'] as const;

export const plannerItemsParams = z.object({
  start_date: dateParam(),
  end_date: dateParam(),
  filter: canvasEnum(PLANNER_FILTERS).optional(),
  context_codes: contextCodes(),
  observed_user_id: canvasId().optional().meta({ description: 'A student the caller observes in every course of context_codes[] (required with it).' }),
  ...paginationParams,
});
export type PlannerItemsParams = z.output<typeof plannerItemsParams>;

export const idParams = z.object({ id: canvasId() });

export const listNotesParams = z.object({ start_date: dateParam(), end_date: dateParam(), context_codes: contextCodes(), ...paginationParams });
export type ListNotesParams = z.output<typeof listNotesParams>;

const details = () => z.union([canvasString(z.string().max(65_536, { message: 'is too long (maximum is 65536 characters)' })), z.null()]).optional();

/**
 * A note's fields, all optional here: create requires title and todo_date itself, for Canvas's keyed 400. The
 * spec calls the text `description`, Canvas `details`: both are taken. An empty course_id unlinks the course.
 */
export const noteFields = {
  title: canvasString(z.string().trim().max(255, { message: 'is too long (maximum is 255 characters)' })).optional(),
  details: details(),
  description: details(),
  todo_date: canvasDate().optional(),
  course_id: z.union([canvasId(), z.literal('').transform(() => null), z.null()]).optional(),
};
export const createNoteParams = z.object(noteFields);
export const updateNoteParams = z.object({ id: canvasId(), ...noteFields });
export type NoteFields = z.output<z.ZodObject<typeof noteFields>>;

export const createOverrideParams = z.object({
  plannable_type: canvasString(z.string().trim().max(64)).optional().meta({ description: 'assignment, quiz, discussion_topic, announcement, wiki_page, planner_note, assessment_request (or Canvas class names).' }),
  plannable_id: canvasId().optional(),
  marked_complete: canvasBoolean().default(false),
  dismissed: canvasBoolean().default(false),
});
export type CreateOverrideParams = z.output<typeof createOverrideParams>;

/** Canvas's update sets both flags every time: an omitted one becomes false (docs/canvas-compatibility.md §9). */
export const updateOverrideParams = z.object({ id: canvasId(), marked_complete: canvasBoolean().default(false), dismissed: canvasBoolean().default(false) });
export type UpdateOverrideParams = z.output<typeof updateOverrideParams>;

export const listOverridesParams = z.object({ ...paginationParams });
