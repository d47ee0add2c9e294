import { z } from 'zod';
import { canvasBoolean, canvasInclude, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A time or a bare day; a bare `end_date` covers its whole day (UTC), as "posted before the end date (inclusive)". */
function dayOrTime(endOfDay: boolean) {
  return canvasString()
    .transform((raw, ctx): number => {
      const text = raw.trim();
      const time = Date.parse(text);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: 'is not a valid date' });
        return z.NEVER;
      }
      return endOfDay && BARE_DAY.test(text) ? time + 86_400_000 - 1000 : time;
    })
    .meta({ description: 'yyyy-mm-dd or an ISO 8601 time.' });
}

export const listAnnouncementsParams = z.object({
  // Canvas answers a request without courses with a 400; `course_N` codes only (groups have no announcements here).
  context_codes: canvasList(canvasString().pipe(z.string().trim().regex(/^course_\d{1,20}$/, 'must be course_<id>'))).pipe(z.array(z.string()).min(1)),
  start_date: dayOrTime(false).optional(),
  end_date: dayOrTime(true).optional(),
  active_only: canvasBoolean().default(false),
  latest_only: canvasBoolean().default(false),
  include: canvasInclude(['sections', 'sections_user_count']),
  ...paginationParams,
});
export type AnnouncementFilters = z.output<typeof listAnnouncementsParams>;
