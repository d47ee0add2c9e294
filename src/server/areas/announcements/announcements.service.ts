import type { CoreServices } from '../../core-services.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { DiscussionTopicData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { postDelayed } from '../../domain/topic-visibility.ts';
import { forumViewer, seesTopic, type ForumViewer } from '../discussion-topics/forum-viewer.ts';
import type { AnnouncementFilters } from './announcements.params.ts';

const DAY = 86_400_000;

/** An announcement in the list, with the viewer of its course it was judged for. */
export interface ListedAnnouncement {
  readonly topic: Stored<DiscussionTopicData>;
  readonly viewer: ForumViewer;
}

/** When an announcement counts as posted for the date window and the order: its delayed post time, else its posting. */
export function announcedAt(t: Stored<DiscussionTopicData>): number {
  return Date.parse(t.data.delayed_post_at ?? t.data.posted_at ?? new Date(t.created_at).toISOString());
}

/**
 * Canvas's `GET /api/v1/announcements` (`announcements_api_controller`): the announcements of several courses,
 * posted within a window (by default from 14 days ago to 28 days after the start), newest first. Each course is
 * judged as its own discussion list judges it: moderators also see delayed and (unless `active_only`) draft ones,
 * others only what is posted for their sections.
 */
export class AnnouncementsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async list(principal: Principal, courseIds: readonly number[], filters: AnnouncementFilters, now: number): Promise<ListedAnnouncement[]> {
    const start = filters.start_date ?? now - 14 * DAY;
    const end = filters.end_date ?? start + 28 * DAY;
    if (end < start) throw new ValidationError({ end_date: [{ type: 'invalid', message: 'must be after start_date' }] });
    const perCourse = await Promise.all(
      courseIds.map(async (courseId) => {
        const viewer = await forumViewer(this.#services, principal, courseId, now);
        const topics = (await this.#services.repos.discussionTopics.find({ course_id: courseId }))
          .filter((t) => t.data.is_announcement && seesTopic(t.data, viewer))
          .filter((t) => !filters.active_only || (t.data.workflow_state === 'published' && !postDelayed(t.data, now)))
          .filter((t) => announcedAt(t) >= start && announcedAt(t) <= end)
          .sort(newestFirst);
        return (filters.latest_only ? topics.slice(0, 1) : topics).map((topic) => ({ topic, viewer }));
      }),
    );
    return perCourse.flat().sort((a, b) => newestFirst(a.topic, b.topic));
  }
}

function newestFirst(a: Stored<DiscussionTopicData>, b: Stored<DiscussionTopicData>): number {
  return announcedAt(b) - announcedAt(a) || b.id - a.id;
}
