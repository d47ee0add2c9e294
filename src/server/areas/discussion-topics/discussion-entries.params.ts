import { z } from 'zod';
import { canvasBoolean, canvasId, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { courseIdParam } from '../assignments/assignments.params.ts';
import { htmlParam } from '../common/shared-params.ts';

const topic = { course_id: courseIdParam, topic_id: canvasId() };
const entry = { ...topic, entry_id: canvasId() };

export const topicPathParams = z.object(topic);
export const listEntriesParams = z.object({ ...topic, ...paginationParams });
export const listRepliesParams = z.object({ ...entry, ...paginationParams });

/** Canvas takes the entry's text as a top-level `message` (HTML, sanitized like every user-written body). */
export const createEntryParams = z.object({ ...topic, message: htmlParam().optional() });
export const createReplyParams = z.object({ ...entry, message: htmlParam().optional() });
export type NewEntry = { message?: string | null | undefined };

/** Update and delete address the entry as `:id`, as Canvas's routes do. */
export const entryPathParams = z.object({ ...topic, id: canvasId() });
export const updateEntryParams = z.object({ ...topic, id: canvasId(), message: htmlParam().optional() });

export const viewParams = z.object({
  ...topic,
  // Canvas's view can hold back entries newer than its cached copy; Outpost's view is always current.
  include_new_entries: canvasBoolean().optional(),
});

/** Absent leaves every entry's forced state as it is. */
const forcedReadState = canvasBoolean().optional().meta({ description: 'Set (true) or clear (false) the entries’ forced read state.' });
export const readAllParams = z.object({ ...topic, forced_read_state: forcedReadState });
export const readEntryParams = z.object({ ...entry, forced_read_state: forcedReadState });

/** Canvas reads the rating as Ruby's `to_i` and accepts only 0 and 1; the route checks the number. */
export const rateEntryParams = z.object({ ...entry, rating: canvasString().optional().meta({ description: '1 likes the entry, 0 withdraws the like.' }) });
