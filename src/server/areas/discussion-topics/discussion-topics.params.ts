import { z } from 'zod';
import { DISCUSSION_TYPES } from '../../domain/records/content-records.ts';
import { canvasBoolean, canvasDate, canvasEnum, canvasId, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { assignmentFields, courseIdParam } from '../assignments/assignments.params.ts';
import { htmlParam } from '../common/shared-params.ts';

export const listTopicsParams = z.object({
  course_id: courseIdParam,
  search_term: canvasString().optional(),
  // Canvas lists announcements separately: only them with this flag, never them without it.
  only_announcements: canvasBoolean().default(false),
  ...paginationParams,
});

export const showTopicParams = z.object({ course_id: courseIdParam, topic_id: canvasId() });

/** `specific_sections`: comma-separated section ids, or `all` (the whole course, as when absent). */
const specificSections = canvasString()
  .transform((raw, ctx): number[] | null => {
    const text = raw.trim();
    if (text === '' || text === 'all') return null;
    const ids = text.split(',').map((part) => part.trim());
    if (!ids.every((id) => /^[1-9]\d{0,19}$/.test(id))) {
      ctx.addIssue({ code: 'custom', message: 'must be section ids separated by commas, or all' });
      return z.NEVER;
    }
    return [...new Set(ids.map(Number))];
  })
  .meta({ description: 'Comma-separated section ids the topic is for, or all.' });

/** Discussion topic parameters are top-level in Canvas (`title=…`), unlike most resources. */
export const createTopicParams = z.object({
  course_id: courseIdParam,
  title: canvasString().pipe(z.string().trim().max(255)).optional(),
  message: htmlParam().optional(),
  discussion_type: canvasEnum(DISCUSSION_TYPES).optional(),
  published: canvasBoolean().optional(),
  pinned: canvasBoolean().optional(),
  locked: canvasBoolean().optional(),
  is_announcement: canvasBoolean().optional(),
  require_initial_post: canvasBoolean().optional(),
  allow_rating: canvasBoolean().optional(),
  only_graders_can_rate: canvasBoolean().optional(),
  sort_by_rating: canvasBoolean().optional(),
  delayed_post_at: canvasDate().optional(),
  lock_at: canvasDate().optional(),
  specific_sections: specificSections.optional(),
  // A graded topic: the assignment it is graded through.
  assignment: assignmentFields.pick({ points_possible: true, grading_type: true, due_at: true, unlock_at: true, lock_at: true }).optional(),
});
export type NewTopic = z.output<typeof createTopicParams>;

/** A change sends only what changes; announcements and graded state are fixed when the topic is created. */
export const updateTopicParams = createTopicParams
  .omit({ is_announcement: true, assignment: true, discussion_type: true })
  .extend({ topic_id: canvasId() });
export type TopicChanges = Omit<z.output<typeof updateTopicParams>, 'course_id' | 'topic_id'>;
