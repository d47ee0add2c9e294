import type { DiscussionTopic } from '../../../contracts/discussion-dtos.ts';
import type { Http } from './http.ts';

/** What desktop notifications watch besides the inbox: the announcements of the person's courses. */
export function noticeCalls(http: Http) {
  return {
    /** Announcements posted since `since` (`YYYY-MM-DD`) in the courses named, newest first. */
    recentAnnouncements: (contextCodes: readonly string[], since: string) =>
      contextCodes.length === 0
        ? Promise.resolve([])
        : http.getAll<DiscussionTopic & { context_code?: string }>('/api/v1/announcements', { 'context_codes[]': [...contextCodes], start_date: since, active_only: 'true' }),
  };
}
